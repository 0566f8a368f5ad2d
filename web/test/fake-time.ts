import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Installs fake time, before a test renders. Time still flows by itself as the clock does
 * (`shouldAdvanceTime`), so Testing Library's waits and TanStack Query, which run on timers, go on
 * working; `timePasses` moves it on at once. Each file restores real timers after each test.
 */
export function installFakeTime() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

/**
 * `ms` of fake time pass at once: every timer due meanwhile runs (a debounced save, a retry), and
 * React draws what they changed. Waits for no condition: after it, what had not happened within
 * `ms` is known not to happen within them.
 */
export function timePasses(ms: number) {
  return act(() => vi.advanceTimersByTimeAsync(ms));
}
