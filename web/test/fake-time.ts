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
 * `ms` of fake time pass at once: every timer due meanwhile runs (a debounced save, a retry), the
 * promises each starts settle before the next, and React draws what they changed. For "nothing
 * happens within `ms`"; what does happen is better waited for as itself (`waitFor`, `findBy...`).
 */
export function timePasses(ms: number) {
  return act(() => vi.advanceTimersByTimeAsync(ms));
}
