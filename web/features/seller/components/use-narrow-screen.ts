import { useSyncExternalStore } from "react";

/** Below Tailwind's `sm` (640 px): phones, where wide tables give way to cards. */
const NARROW = "(max-width: 639.98px)";

const query = () => (typeof window.matchMedia === "function" ? window.matchMedia(NARROW) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/** True on a narrow screen; follows rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
