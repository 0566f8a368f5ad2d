import { useEffect, useLayoutEffect, useRef } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/**
 * Marks an item of a long list (an order's card, a product's) with a key unique on its page, its
 * order's or product's id: Back brings that item back to where it was on screen, even when what is
 * above it is no longer as tall as it was (cards the browser skips count as an estimate of their
 * height until drawn, decisions 026 and 033; orders gone or come meanwhile).
 */
const SCROLL_ANCHOR = "data-scroll-anchor";

/** A list item near the top of the screen: its key, and its top in the page (not on screen). */
type Anchor = { key: string; pageTop: number };
/**
 * Where a history entry was left: the page's scroll position and, when a list's items were on
 * screen, the first few of them, each with its top's distance from the screen's top.
 */
type Place = { y: number; items: { key: string; top: number }[] };
/**
 * The list items near the top of the screen remembered: Back aligns the first of them still in
 * the list (an order moved on meanwhile leaves the seller's queue).
 */
const ANCHORS = 3;

/** Where each history entry was left, by the router's key for that entry. */
const places = new Map<string, Place>();
/**
 * Back keeps putting the page back while its list comes back (from the cache in a frame or two,
 * or, once the cache has let it go, from the server) for at most this long: the user's own
 * scroll, tap or key stops it at once.
 */
const RESTORE_MS = 3000;
/**
 * A list item is back in place once it has stayed there this many frames in a row: cards drawn
 * around it as they come on screen take their real heights in the frames after a scroll.
 */
const SETTLED_FRAMES = 3;
/** The user taking over: a restore still under way stops. */
const USER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
/**
 * Which list item is near the top of the screen is looked for (about 0.13 ms with the seller's
 * 500 cards, in Chromium on the build machine, most of it finding the marked items) at a press, what usually leaves a
 * page; while a scroll goes on, at most this often; and once it has stopped this long (cards the
 * browser skipped, drawn as they came near the screen, may move what is on it after the scroll's
 * last event: by 96 px in one check, after a jump down the seller's queue).
 */
const PRESSES = ["pointerdown", "keydown", "click"] as const;
const LOOK_EVERY_MS = 100;
const SCROLL_SETTLED_MS = 150;

const anchorItems = () => document.querySelectorAll<HTMLElement>(`[${SCROLL_ANCHOR}]`);

/**
 * The first marked list items that reach into the screen (up to `ANCHORS`): a binary search
 * through the items, which are in the page's order, top to bottom (rows of a grid share a top).
 */
function anchorsOnScreen(): Anchor[] {
  const items = anchorItems();
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.getBoundingClientRect().bottom > 0) high = middle;
    else low = middle + 1;
  }
  const anchors: Anchor[] = [];
  for (let i = low; i < Math.min(low + ANCHORS, items.length); i++) {
    const { top } = items[i]!.getBoundingClientRect();
    if (top >= window.innerHeight) break;
    anchors.push({ key: items[i]!.getAttribute(SCROLL_ANCHOR)!, pageTop: top + window.scrollY });
  }
  return anchors;
}

/**
 * The scroll position as of the last scroll event, and the list items near the top of the screen
 * as last looked for (their tops in the page hold while the page above them is not drawn again).
 */
type Seen = { y: number; anchors: Anchor[] };

/** Notes in `seen` where the page is now. */
function look(seen: Seen): void {
  seen.y = window.scrollY;
  // None needed at the top (below).
  seen.anchors = seen.y > 0 ? anchorsOnScreen() : [];
}

/** The first of `place`'s items in the page now, and where it was on screen. */
function firstItemBack(place: Place): { element: HTMLElement; top: number } | undefined {
  if (place.items.length === 0) return undefined;
  const byKey = new Map<string, HTMLElement>();
  for (const item of anchorItems()) byKey.set(item.getAttribute(SCROLL_ANCHOR)!, item);
  for (const { key, top } of place.items) {
    const element = byKey.get(key);
    if (element) return { element, top };
  }
  return undefined;
}

/**
 * A new page starts at its top (a related product's card is usually far down the page); Back and
 * Forward return to where the user was on that page, long paged lists included (their pages come
 * back from the query cache): the item of a list that was at the top of the screen comes back to
 * the same place on screen (see `SCROLL_ANCHOR`), or else the same scroll position. Only a change
 * of page scrolls: typing a search does not, and neither does the app's start.
 */
export function useScrollMemory(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const lastPathname = useRef<string | null>(null);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  // The page's scroll position, and the list item near the top of the screen, as of the last
  // scroll event, press, or settled scroll. Read when the page changes, before the new page's own
  // events (its top, or a shorter page's clamping) arrive: by then the page left is gone.
  const last = useRef<Seen>({ y: 0, anchors: [] });
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    let looked = -Infinity;
    let settled = 0;
    const now = () => {
      looked = performance.now();
      look(last.current);
    };
    const scrolled = () => {
      last.current.y = window.scrollY;
      if (performance.now() - looked >= LOOK_EVERY_MS) now();
      clearTimeout(settled);
      settled = window.setTimeout(now, SCROLL_SETTLED_MS);
    };
    window.addEventListener("scroll", scrolled, { passive: true });
    for (const type of PRESSES)
      window.addEventListener(type, now, { capture: true, passive: true });
    return () => {
      clearTimeout(settled);
      window.removeEventListener("scroll", scrolled);
      for (const type of PRESSES) window.removeEventListener(type, now, true);
    };
  }, []);

  useLayoutEffect(() => {
    // The app's start: the page stays where it is. A page the server drew may have been scrolled
    // before the app took it over, and a reload's position is the browser's to restore.
    if (lastKey.current === null) {
      // Where it is now counts as where the user was, should they leave before scrolling again.
      look(last.current);
      lastKey.current = location.key;
      lastPathname.current = location.pathname;
      return;
    }
    const { y, anchors } = last.current;
    places.set(lastKey.current, {
      y,
      // Their tops on screen at the position the page was left at. A page left at its top goes
      // back to its top, whatever came above its list meanwhile.
      items: y > 0 ? anchors.map((anchor) => ({ key: anchor.key, top: anchor.pageTop - y })) : [],
    });
    lastKey.current = location.key;
    const samePage = lastPathname.current === location.pathname;
    lastPathname.current = location.pathname;
    if (navigation !== NavigationType.Pop) {
      if (samePage) {
        // A search typed or a filter changed: the position stays, the list in it is another.
        look(last.current);
      } else {
        // Block body: newer browsers make scrollTo return a promise, which React would take for
        // a cleanup.
        window.scrollTo(0, 0);
        last.current.anchors = [];
      }
      return;
    }
    last.current.anchors = [];
    const place = places.get(location.key) ?? { y: 0, items: [] };
    const until = performance.now() + RESTORE_MS;
    let settled = 0;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
    };
    const step = () => {
      let done: boolean;
      const item = firstItemBack(place);
      if (item) {
        const off = item.element.getBoundingClientRect().top - item.top;
        if (Math.abs(off) <= 1) settled++;
        else {
          settled = 0;
          window.scrollTo(0, window.scrollY + off);
        }
        done = settled >= SETTLED_FRAMES;
      } else {
        // No item to find (none was on screen; or the list is still on its way, or has lost those
        // items): the position. Reached with no item to wait for, the page is back.
        settled = 0;
        window.scrollTo(0, place.y);
        done = place.items.length === 0 && Math.abs(window.scrollY - place.y) <= 2;
      }
      if (done || performance.now() >= until) {
        stop();
        look(last.current);
      } else frame = requestAnimationFrame(step);
    };
    for (const type of USER_INPUT)
      window.addEventListener(type, stop, { capture: true, passive: true });
    step();
    return stop;
  }, [location.key, location.pathname, navigation]);
}
