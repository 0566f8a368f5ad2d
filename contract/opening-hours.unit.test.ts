import { describe, expect, it } from "vitest";
import { isOpenAt, minutesUntilOpen, spansProblem, type OpenSpan } from "./opening-hours";

const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
// Friday 18:00 to Saturday 02:00, Saturday 09:00-13:00 and 17:00-22:00; closed on other days.
const spans: OpenSpan[] = [
  { day: 5, open: "18:00", close: "02:00" },
  { day: 6, open: "09:00", close: "13:00" },
  { day: 6, open: "17:00", close: "22:00" },
];

describe("opening hours", () => {
  it("follow a span across midnight into the next day", () => {
    expect(isOpenAt(spans, 5, at("17:59"))).toBe(false);
    expect(isOpenAt(spans, 5, at("18:00"))).toBe(true);
    expect(isOpenAt(spans, 5, at("23:59"))).toBe(true);
    expect(isOpenAt(spans, 6, at("00:30"))).toBe(true);
    expect(isOpenAt(spans, 6, at("01:59"))).toBe(true);
    expect(isOpenAt(spans, 6, at("02:00"))).toBe(false);
  });

  it("say when the shop next opens: later today, tomorrow, or next week", () => {
    expect(minutesUntilOpen(spans, 6, at("13:30"))).toBe(at("17:00") - at("13:30"));
    expect(minutesUntilOpen(spans, 6, at("22:00"))).toBe(6 * 24 * 60 - at("22:00") + at("18:00"));
    expect(minutesUntilOpen(spans, 6, at("10:00"))).toBe(0);
    expect(minutesUntilOpen([], 3, at("03:00"))).toBe(0);
  });

  it("open all day when a span opens and closes at the same time", () => {
    const always = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: "00:00", close: "00:00" }));
    expect(isOpenAt(always, 2, at("03:17"))).toBe(true);
  });

  it("refuse more than two spans a day, or two that overlap", () => {
    expect(spansProblem(spans)).toBeNull();
    expect(
      spansProblem([
        { day: 1, open: "09:00", close: "13:00" },
        { day: 1, open: "12:00", close: "18:00" },
      ]),
    ).toBe("a day's two opening times must not overlap");
    expect(
      spansProblem([
        { day: 1, open: "06:00", close: "08:00" },
        { day: 1, open: "09:00", close: "10:00" },
        { day: 1, open: "11:00", close: "12:00" },
      ]),
    ).toBe("at most two opening times a day");
  });
});
