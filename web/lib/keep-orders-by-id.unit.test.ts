import { describe, expect, it } from "vitest";
import { makeOrder } from "../test/order-fixture";
import { keepOrdersById } from "./order-cache";

/** An order as a fresh answer brings it: equal, but another object. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("keepOrdersById (an order list's structural sharing)", () => {
  const [a, b, c] = ["aaaaaaaa-1", "bbbbbbbb-2", "cccccccc-3"].map((id) => makeOrder(id));
  const before = { orders: [a!, b!, c!], openTotal: 3 };

  it("keeps the objects of the orders that did not change, wherever they now stand", () => {
    const added = makeOrder("dddddddd-4");
    const changed = { ...copy(c!), status: "Packing" as const };
    const after = keepOrdersById(before, {
      orders: [added, copy(b!), changed], // a dropped, d added at the top, b moved up, c changed
      openTotal: 3,
    }) as typeof before;
    expect(after.orders[0]).toBe(added);
    expect(after.orders[1]).toBe(b);
    expect(after.orders[2]).not.toBe(c);
    expect(after.orders[2]).toEqual(changed);
    // What did not change within the changed order keeps its object too, as by default.
    expect(after.orders[2]!.address).toBe(c!.address);
  });

  it("answers the previous data itself when nothing changed, and the new data where it did", () => {
    expect(keepOrdersById(before, copy(before))).toBe(before);
    expect(keepOrdersById(before, { ...copy(before), openTotal: 4 })).toEqual({
      ...before,
      openTotal: 4,
    });
    expect(keepOrdersById(before.orders, copy(before.orders))).toBe(before.orders);
    expect(keepOrdersById(undefined, before)).toBe(before);
    expect(keepOrdersById(3, 4)).toBe(4);
  });
});
