import { useLayoutEffect, useState, useSyncExternalStore, type RefObject } from "react";

/** Below Tailwind's `sm` (640 px): phones, where wide tables give way to cards. */
const NARROW = "(max-width: 639.98px)";

const query = () => (typeof window.matchMedia === "function" ? window.matchMedia(NARROW) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/** True on a narrow screen; follows rotation and resizing (useNarrowBox's answer until it measures). */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}

/** The width inside an element's padding and border, as ResizeObserver's contentRect gives it. */
function contentWidth(element: HTMLElement): number {
  const style = getComputedStyle(element);
  const around = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"] as const;
  return around.reduce(
    (width, side) => width - (parseFloat(style[side]) || 0),
    element.getBoundingClientRect().width,
  );
}

/** How much wider than `below` a narrow box must grow to count as wide again. */
const HYSTERESIS_PX = 24;

/**
 * True while `box` is narrower than `below` px: for a part of a page whose width is not the
 * screen's (a column beside a form). Measured before the first paint and on every resize; where
 * the browser has no ResizeObserver (or before the box exists) it answers as useNarrowScreen. A
 * narrow box counts as wide again only past `below` + 24 px, so that a scroll bar coming or going
 * as the content changes (about 15 px) cannot flip it back and forth.
 */
export function useNarrowBox(box: RefObject<HTMLElement | null>, below: number): boolean {
  const narrowScreen = useNarrowScreen();
  const [narrow, setNarrow] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver !== "function") return;
    const measure = (width: number) =>
      setNarrow((was) => (was ? width < below + HYSTERESIS_PX : width < below));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    measure(contentWidth(element));
    return () => observer.disconnect();
  }, [box, below]);
  return narrow ?? narrowScreen;
}
