import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * The browser's connection goes or comes back, as it tells the page (TanStack Query's
 * onlineManager follows). A test that goes offline comes back online before it ends: the
 * onlineManager is the whole file's. Undone by vi.restoreAllMocks.
 */
export function connection(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? "online" : "offline")));
}
