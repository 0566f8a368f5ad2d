import { isOpenAt, minutesUntilOpen, type OpenSpan } from "../../../contract/opening-hours";

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const formats = new Map<string, Intl.DateTimeFormat>();

/** The shop's local weekday (0 Sunday) and minute of the day at `at`, in its time zone. */
export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: weekdays.indexOf(parts.weekday ?? "Sun"),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * Whether the shop is open at `at`, and if not when it next opens (to the minute; null when it
 * never does). Counted in minutes of the shop's local time: a zone that changes its clocks in
 * between is off by that hour, which India's never does.
 */
export function openingAt(
  spans: readonly OpenSpan[],
  timeZone: string,
  at: Date,
): { open: boolean; opensAt: Date | null } {
  const { day, minute } = localTime(at, timeZone);
  if (isOpenAt(spans, day, minute)) return { open: true, opensAt: null };
  const wait = minutesUntilOpen(spans, day, minute);
  if (wait === null) return { open: false, opensAt: null };
  const startOfMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return { open: false, opensAt: new Date(startOfMinute + wait * 60_000) };
}
