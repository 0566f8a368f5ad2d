import { describe, expect, it, vi } from "vitest";
import { dueLabel, formatClock } from "./countdown";

describe("formatClock", () => {
  it("writes every minute of a day as Intl's en-IN clock does, lower-cased", () => {
    const intl = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" });
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = new Date(2026, 10, 23, 0, minute);
      expect(formatClock(at)).toBe(intl.format(at).toLowerCase());
    }
  });

  it("refuses a date that is not one, as Intl does", () => {
    expect(() => formatClock("not a date")).toThrow(RangeError);
  });

  it("creates no Intl formatter, not even when its module loads", async () => {
    const created = vi.spyOn(Intl, "DateTimeFormat");
    vi.resetModules();
    const countdown = await import("./countdown");
    expect(countdown.formatClock("2026-11-23T13:05:00")).toBe("1:05 pm");
    expect(created).not.toHaveBeenCalled();
    created.mockRestore();
  });
});

describe("dueLabel", () => {
  const now = Date.parse("2026-11-25T10:00:00Z");
  const at = (minutes: number) => now + minutes * 60_000;
  it("says minutes, then hours and minutes, then whole days, left or late", () => {
    expect(dueLabel(at(18), now)).toEqual({ text: "18 min left", tone: "ok" });
    expect(dueLabel(at(5), now)).toEqual({ text: "5 min left", tone: "soon" });
    expect(dueLabel(at(-5), now)).toEqual({ text: "5 min late", tone: "late" });
    expect(dueLabel(at(-60), now).text).toBe("1 h late");
    expect(dueLabel(at(-125), now).text).toBe("2 h 5 min late");
    expect(dueLabel(at(-24 * 60), now).text).toBe("1 day late");
    expect(dueLabel(at(-43117), now).text).toBe("29 days late");
  });
});
