// When the shop is open (decision 045): spans of local time per weekday, at most two a day. A
// span whose close is before its open runs past midnight into the next day; one whose open and
// close are equal is the whole day. No spans at all: always open. The server reads the shop's
// local weekday and time in its time zone and asks these.

export interface OpenSpan {
  /** 0 Sunday … 6 Saturday, as JavaScript's getDay. */
  day: number;
  /** "HH:MM", 24-hour. */
  open: string;
  close: string;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const MINUTES_IN_DAY = 24 * 60;
const MINUTES_IN_WEEK = 7 * MINUTES_IN_DAY;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the shop is open at local weekday `day`, `minute` minutes after its midnight. */
export function isOpenAt(spans: readonly OpenSpan[], day: number, minute: number): boolean {
  if (spans.length === 0) return true;
  return spans.some((span) => {
    const open = minutesOf(span.open);
    const close = minutesOf(span.close);
    if (open === close) return span.day === day;
    if (open < close) return span.day === day && minute >= open && minute < close;
    return (span.day === day && minute >= open) || ((span.day + 1) % 7 === day && minute < close);
  });
}

/** Minutes from then until the shop next opens: 0 when it is open, null when it never opens. */
export function minutesUntilOpen(
  spans: readonly OpenSpan[],
  day: number,
  minute: number,
): number | null {
  if (isOpenAt(spans, day, minute)) return 0;
  let soonest: number | null = null;
  for (const span of spans) {
    let wait = ((span.day - day + 7) % 7) * MINUTES_IN_DAY + minutesOf(span.open) - minute;
    if (wait <= 0) wait += MINUTES_IN_WEEK;
    if (soonest === null || wait < soonest) soonest = wait;
  }
  return soonest;
}

/** A day's spans overlap (or more than two): the seller's form and the server refuse it. */
export function spansProblem(spans: readonly OpenSpan[]): string | null {
  for (let day = 0; day < 7; day++) {
    const ofDay = spans.filter((span) => span.day === day);
    if (ofDay.length > 2) return "at most two opening times a day";
    if (ofDay.length === 2) {
      const [a, b] = ofDay.map((span) => [minutesOf(span.open), minutesOf(span.close)] as const);
      const within = (x: number, [open, close]: readonly [number, number]) =>
        open < close ? x >= open && x < close : x >= open || x < close;
      if (a![0] === a![1] || b![0] === b![1] || within(a![0], b!) || within(b![0], a!))
        return "a day's two opening times must not overlap";
    }
  }
  return null;
}
