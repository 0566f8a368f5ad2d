import { describe, expect, it } from "vitest";
import { localTime, openingAt } from "./shop-clock";

describe("the shop's clock", () => {
  it("reads Asia/Kolkata's weekday and time: 00:30 Saturday there is 19:00 UTC on Friday", () => {
    expect(localTime(new Date("2026-11-27T19:00:00Z"), "Asia/Kolkata")).toEqual({
      day: 6,
      minute: 30,
    });
  });

  it("is open at 00:30 in Pune on a span from 18:00 the evening before, and says when it reopens", () => {
    const lateShift = [{ day: 5, open: "18:00", close: "01:00" }];
    expect(openingAt(lateShift, "Asia/Kolkata", new Date("2026-11-27T19:00:00Z"))).toEqual({
      open: true,
      opensAt: null,
    });
    // 01:30 Saturday in Pune: closed until Friday 18:00 (12:30 UTC).
    expect(openingAt(lateShift, "Asia/Kolkata", new Date("2026-11-27T20:00:00Z"))).toEqual({
      open: false,
      opensAt: new Date("2026-12-04T12:30:00Z"),
    });
  });
});
