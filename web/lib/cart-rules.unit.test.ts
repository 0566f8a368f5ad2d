import { describe, expect, it } from "vitest";
import {
  addOne,
  cartTotal,
  countItems,
  mergeCarts,
  quantityOptions,
  removeOne,
  setQuantity,
  withoutUnknown,
} from "./cart-rules";

describe("cart rules", () => {
  it("adds one at a time, up to 99", () => {
    expect(addOne({}, "a")).toEqual({ a: 1 });
    expect(addOne({ a: 2 }, "a")).toEqual({ a: 3 });
    expect(addOne({ a: 99 }, "a")).toEqual({ a: 99 });
  });

  it("adds none beyond the stock left, and takes none away from a cart already holding more", () => {
    expect(addOne({ a: 2 }, "a", 3)).toEqual({ a: 3 });
    expect(addOne({ a: 3 }, "a", 3)).toEqual({ a: 3 });
    expect(addOne({ a: 5 }, "a", 3)).toEqual({ a: 5 });
    expect(addOne({}, "a", 0)).toEqual({});
  });

  it("removes one at a time and deletes the line at zero", () => {
    expect(removeOne({ a: 2, b: 1 }, "a")).toEqual({ a: 1, b: 1 });
    expect(removeOne({ a: 1, b: 1 }, "a")).toEqual({ b: 1 });
    expect(removeOne({ b: 1 }, "a")).toEqual({ b: 1 });
  });

  it("sets a quantity, deleting at zero and capping at 99", () => {
    expect(setQuantity({ a: 1 }, "a", 7)).toEqual({ a: 7 });
    expect(setQuantity({ a: 1 }, "a", 0)).toEqual({});
    expect(setQuantity({}, "a", 250)).toEqual({ a: 99 });
  });

  it("merges a visitor's cart into the saved one on login, adding quantities capped at 99", () => {
    expect(mergeCarts({ a: 2, b: 95 }, { a: 3, b: 10, c: 1 })).toEqual({ a: 5, b: 99, c: 1 });
    expect(mergeCarts({}, {})).toEqual({});
  });

  it("offers 1 to 9 in the dropdown, or up to the current quantity above 9", () => {
    expect(quantityOptions(3)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(quantityOptions(12)).toHaveLength(12);
    expect(quantityOptions(12).at(-1)).toBe(12);
    expect(quantityOptions(1, 4)).toEqual([1, 2, 3, 4]);
    expect(quantityOptions(6, 4)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(quantityOptions(2, 50)).toHaveLength(9);
  });

  it("rounds the total down to two decimals, computed without float noise", () => {
    expect(cartTotal([{ offerPrice: 0.1, quantity: 3 }])).toBe(0.3);
    expect(
      cartTotal([
        { offerPrice: 32.5, quantity: 3 },
        { offerPrice: 54, quantity: 2 },
      ]),
    ).toBe(205.5);
    expect(cartTotal([{ offerPrice: 19.99, quantity: 7 }])).toBe(139.93);
    expect(cartTotal([])).toBe(0);
  });

  it("counts items and drops products that no longer exist", () => {
    expect(countItems({ a: 2, b: 3 })).toBe(5);
    expect(withoutUnknown({ a: 1, gone: 2 }, new Set(["a"]))).toEqual({ a: 1 });
  });
});
