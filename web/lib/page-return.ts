/**
 * What the scroll memory (app/scroll-memory.ts) and the paged lists share about going back to a
 * page: whether this page load went back to one, and lists holding its restore while they read
 * their pages again.
 */

/**
 * Whether this page load went back to a history entry (a reload, Back from another site, or a
 * tab the browser discarded in the background and loaded again) rather than opened a page.
 */
export function loadReturnedToEntry(): boolean {
  if (typeof document === "undefined") return false; // the server's render
  if ((document as { wasDiscarded?: boolean }).wasDiscarded) return true;
  const [load] = performance.getEntriesByType?.("navigation") ?? [];
  const type = (load as PerformanceNavigationTiming | undefined)?.type;
  return type === "reload" || type === "back_forward";
}

/**
 * Lists reading again the pages they had when their history entry was left (the query cache let
 * go of them, or the page was loaded again): while any is, the scroll memory goes on putting the
 * page back past its usual time.
 */
let restoreHolds = 0;

/** Holds the restore of the page's place until the returned function is called. */
export function holdScrollRestore(): () => void {
  restoreHolds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    restoreHolds--;
  };
}

export const restoreHeld = (): boolean => restoreHolds > 0;
