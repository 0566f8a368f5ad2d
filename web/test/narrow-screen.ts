import { vi } from "vitest";

/** Makes every `max-width` media query match, as on a phone (useNarrowScreen). */
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
