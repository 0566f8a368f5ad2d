import { describe, expect, it } from "vitest";
import { makeOrder } from "../test/order-fixture";
import { isOlder } from "./order-cache";

describe("isOlder (which copy of an order wins)", () => {
  const placed = makeOrder("aaaaaaaa-1");
  const cancelled = {
    ...placed,
    status: "Cancelled" as const,
    refundDue: true,
    history: [...placed.history, { status: "Cancelled" as const, at: "2026-11-22T10:05:00.000Z" }],
  };
  const refunded = { ...cancelled, refundDue: false, refundedAt: "2026-11-22T10:06:00.000Z" };

  it("takes a copy with a shorter history as older", () => {
    expect(isOlder(placed, cancelled)).toBe(true);
    expect(isOlder(cancelled, placed)).toBe(false);
  });

  it("takes a copy not refunded as older than one refunded, their histories as long", () => {
    expect(isOlder(cancelled, refunded)).toBe(true);
    expect(isOlder(refunded, cancelled)).toBe(false);
    expect(isOlder(cancelled, { ...cancelled })).toBe(false);
  });
});
