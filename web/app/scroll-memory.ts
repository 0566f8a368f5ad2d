import { useEffect, useLayoutEffect, useRef } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/** Where each history entry was scrolled to, by the router's key for that entry. */
const positions = new Map<string, number>();
/** A list may still be growing back from the cache: keep trying for about half a second. */
const RESTORE_FRAMES = 30;

/**
 * A new page starts at its top (a related product's card is usually far down the page); Back and
 * Forward return to where the shopper was on that page, long paged lists included (their pages
 * come back from the query cache). Only a change of page scrolls: typing a search does not, and
 * neither does the app's start.
 */
export function useScrollMemory(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const lastPathname = useRef<string | null>(null);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // The page's scroll position as of the last scroll event. Read when the page changes, before
  // the new page's own events (its top, or a shorter page's clamping) arrive.
  const lastY = useRef(0);
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    const remember = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    // The app's start: the page stays where it is. A page the server drew may have been scrolled
    // before the app took it over, and a reload's position is the browser's to restore.
    if (lastKey.current === null) {
      // Where it is now counts as where the shopper was, should they leave before scrolling again.
      lastY.current = window.scrollY;
      lastKey.current = location.key;
      lastPathname.current = location.pathname;
      return;
    }
    positions.set(lastKey.current, lastY.current);
    lastKey.current = location.key;
    const samePage = lastPathname.current === location.pathname;
    lastPathname.current = location.pathname;
    if (navigation !== NavigationType.Pop) {
      // Block body: newer browsers make scrollTo return a promise, which React would take for a
      // cleanup.
      if (!samePage) {
        window.scrollTo(0, 0);
      }
      return;
    }
    const target = positions.get(location.key) ?? 0;
    let frame = 0;
    let tries = 0;
    const step = () => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 2 && tries++ < RESTORE_FRAMES)
        frame = requestAnimationFrame(step);
    };
    step();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, navigation]);
}
