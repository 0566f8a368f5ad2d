import { afterEach, beforeEach, vi } from "vitest";
import type { Order } from "../../contract/order";

/**
 * The seller queue's tests: "now" is 2026-11-22 10:12 UTC, twelve minutes after makeOrder's
 * orders were placed, with timers faked (advancing with real time) so the 30 s clock and the 5 s
 * waits can be stepped.
 */
export const NOW = new Date("2026-11-22T10:12:00.000Z");

export const minutesFromNow = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

/** `order` moved to `status` now, its history one step longer, as the server answers it. */
export const moved = (order: Order, status: Order["status"]): Order => ({
  ...order,
  status,
  history: [...order.history, { status, at: NOW.toISOString() }],
});

/** Fakes the timers at NOW for each test of the file that calls it, and undoes every stub after. */
export function fakeQueueClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
