import { useEffect, useLayoutEffect, useRef, useState } from "react";

/** How often delivery countdowns refresh: minutes are all they show. */
export const COUNTDOWN_REFRESH_MS = 30_000;

/**
 * The current time, refreshed every `everyMs` (for countdowns; not for anything exact), and, before
 * the screen shows it, whenever `refreshOn` changes: a list that gained an order since the last
 * tick would count that order's minutes from a time before it was placed ("31 min left" for a 30
 * minute promise).
 */
export function useNow(everyMs = COUNTDOWN_REFRESH_MS, refreshOn?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  const refreshedOn = useRef(refreshOn);
  useLayoutEffect(() => {
    if (Object.is(refreshedOn.current, refreshOn)) return; // (its first render read the clock)
    refreshedOn.current = refreshOn;
    setNow(Date.now());
  }, [refreshOn]);
  return now;
}

/**
 * "7:42 pm", in the browser's time zone: what Intl's en-IN clock writes (lower-cased), without
 * creating an Intl formatter, which costs a phone several milliseconds on the page it first
 * appears on (the cart's arrival time; docs/decisions/017). countdown.test.ts holds it to Intl.
 */
export function formatClock(at: string | number | Date): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new RangeError("Invalid time value"); // as Intl does
  const hours = time.getHours();
  const minutes = String(time.getMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}

export interface Due {
  /** Past the promise. */
  late: boolean;
  /** Whole minutes left (rounded up), or whole minutes late (at least 1) when late. */
  minutes: number;
}

/** How far `deadline` is from `now`, in the minutes a person reads. */
export function dueIn(deadline: string | number | Date, now: number): Due {
  const ms = new Date(deadline).getTime() - now;
  if (ms > 0) return { late: false, minutes: Math.ceil(ms / 60_000) };
  return { late: true, minutes: Math.max(1, Math.ceil(-ms / 60_000)) };
}

/** Below this many minutes left, an open order is flagged as due soon. */
export const DUE_SOON_MINUTES = 10;

export type DueTone = "ok" | "soon" | "late";

/** Minutes as a person reads them: "45 min", "2 h 5 min", "3 days" (whole days past 24 hours). */
export function readableMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
  }
  const days = Math.floor(minutes / (24 * 60));
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** "18 min left" / "5 min late" / "2 days late" with a tone for colouring (amber under 10 minutes, red late). */
export function dueLabel(deadline: string | number | Date, now: number) {
  const due = dueIn(deadline, now);
  const tone: DueTone = due.late ? "late" : due.minutes < DUE_SOON_MINUTES ? "soon" : "ok";
  return { text: `${readableMinutes(due.minutes)} ${due.late ? "late" : "left"}`, tone };
}
