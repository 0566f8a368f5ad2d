import { act } from "@testing-library/react";
import { vi } from "vitest";

/** Makes every `max-width` media query match, as on a phone (useNarrowBox without a measure). */
export function pretendNarrowScreen(): void {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query.includes("max-width"),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/**
 * Makes every element measure `width` px (useNarrowBox; jsdom lays nothing out and has no
 * ResizeObserver). Returns `resize(w)`: the boxes are now `w` px wide, as the browser's observer
 * would say. Undone by vi.unstubAllGlobals and vi.restoreAllMocks.
 */
export function pretendBoxWidth(width: number): (width: number) => void {
  const observers: ResizeObserverCallback[] = [];
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: ResizeObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ width, height: 400 }),
  );
  return (w: number) =>
    act(() => {
      const entry = { contentRect: DOMRect.fromRect({ width: w, height: 400 }) };
      for (const callback of observers)
        callback([entry as ResizeObserverEntry], {} as ResizeObserver);
    });
}
