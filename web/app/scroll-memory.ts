import { useEffect, useLayoutEffect, useRef } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";
import { loadReturnedToEntry, restoreHeld } from "../lib/page-return";

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
 * Where a history entry was left: its path, the page's scroll position and, when a list's items
 * were on screen, the first few of them, each with its top's distance from the screen's top.
 */
type Place = { path: string; y: number; items: { key: string; top: number }[] };
/**
 * The list items near the top of the screen remembered: Back aligns the first of them still in
 * the list (an order moved on meanwhile leaves the seller's queue).
 */
const ANCHORS = 3;

/**
 * Where each history entry was left, by the router's key for that entry (kept in the history
 * entry's state, so a reload keeps it). Kept in the tab's session storage as well: a reload, or a
 * tab the phone's browser let go and loads again when the shopper comes back to it, comes back
 * where it was (`loadReturnedToEntry`), as a page that is not an app does.
 */
let places: Map<string, Place> | undefined;
const PLACES_STORAGE = "greencart:scroll-places";
/** The most recent history entries whose places are kept (about 150 bytes each). */
const PLACES_KEPT = 50;

const isPlace = (value: unknown): value is Place =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Place).path === "string" &&
  typeof (value as Place).y === "number" &&
  Array.isArray((value as Place).items);

function placesNow(): Map<string, Place> {
  if (places) return places;
  places = new Map();
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(PLACES_STORAGE) ?? "[]");
    if (Array.isArray(stored))
      for (const entry of stored as unknown[])
        if (Array.isArray(entry) && typeof entry[0] === "string" && isPlace(entry[1]))
          places.set(entry[0], entry[1]);
  } catch {
    // Storage refused or spoilt: positions are remembered for this page load only.
  }
  return places;
}

function keepPlace(key: string, place: Place): void {
  const all = placesNow();
  all.delete(key);
  all.set(key, place);
  for (const oldest of all.keys()) {
    if (all.size <= PLACES_KEPT) break;
    all.delete(oldest);
  }
  try {
    sessionStorage.setItem(PLACES_STORAGE, JSON.stringify([...all]));
  } catch {
    // As above.
  }
}

/**
 * Back keeps putting the page back while its list comes back (from the cache in a frame or two,
 * or, once the cache has let it go, from the server) for at most this long: the user's own
 * scroll, tap or key stops it at once.
 */
const RESTORE_MS = 3000;
/** While a list reads again the pages it had (`holdScrollRestore`), at most this long. */
const RESTORE_HELD_MS = 15_000;
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

/** Where the page is as `seen`, for the entry at `path`. */
function placeOf({ y, anchors }: Seen, path: string): Place {
  return {
    path,
    y,
    // Their tops on screen at the position the page was left at. A page left at its top goes
    // back to its top, whatever came above its list meanwhile.
    items: y > 0 ? anchors.map((anchor) => ({ key: anchor.key, top: anchor.pageTop - y })) : [],
  };
}

/**
 * Puts the page back at `place`, frame after frame while its list comes back, until its item has
 * stayed in place, time is up or the user takes over. Returns what stops it; once it stops,
 * `seen` notes where the page is.
 */
function restore(place: Place, seen: Seen): () => void {
  const start = performance.now();
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
    const waited = performance.now() - start;
    if (done || (waited >= RESTORE_MS && !restoreHeld()) || waited >= RESTORE_HELD_MS) {
      stop();
      look(seen);
    } else frame = requestAnimationFrame(step);
  };
  for (const type of USER_INPUT)
    window.addEventListener(type, stop, { capture: true, passive: true });
  step();
  return stop;
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
 * back from the query cache, or are read again: `useListComesBackWhole`): the item of a list that
 * was at the top of the screen comes back to the same place on screen (see `SCROLL_ANCHOR`), or
 * else the same scroll position. So does a reload, or a tab the browser loaded again. Only a
 * change of page scrolls: typing a search does not, and neither does the app's start on a page
 * opened afresh.
 */
export function useScrollMemory(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const path = location.pathname + location.search;
  const lastPathname = useRef<string | null>(null);
  const lastPath = useRef("");

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
    // The tab going behind another (or the browser's page going away) may be the last moment
    // before a reload or before a phone's browser lets the tab go: the page is noted then.
    const hidden = () => {
      if (document.visibilityState !== "hidden" || lastKey.current === null) return;
      now();
      keepPlace(lastKey.current, placeOf(last.current, lastPath.current));
    };
    window.addEventListener("scroll", scrolled, { passive: true });
    for (const type of PRESSES)
      window.addEventListener(type, now, { capture: true, passive: true });
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", hidden);
    return () => {
      clearTimeout(settled);
      window.removeEventListener("scroll", scrolled);
      for (const type of PRESSES) window.removeEventListener(type, now, true);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", hidden);
    };
  }, []);

  useLayoutEffect(() => {
    const left = lastKey.current;
    const samePage = lastPathname.current === location.pathname;
    if (left !== null) keepPlace(left, placeOf(last.current, lastPath.current));
    lastKey.current = location.key;
    lastPathname.current = location.pathname;
    lastPath.current = path;
    if (left === null) {
      // The app's start. A page opened afresh stays where it is: the server drew it, and it may
      // have been scrolled before the app took it over. A page loaded again (a reload, a tab
      // the browser let go) goes back to where it was left, unless the shopper has scrolled it.
      const place = placesNow().get(location.key);
      if (place?.path === path && window.scrollY === 0 && loadReturnedToEntry())
        return restore(place, last.current);
      // Where it is now counts as where the user was, should they leave before scrolling again.
      look(last.current);
      return;
    }
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
    return restore(placesNow().get(location.key) ?? { path, y: 0, items: [] }, last.current);
  }, [location.key, location.pathname, path, navigation]);
}
