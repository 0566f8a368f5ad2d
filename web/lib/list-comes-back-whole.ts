import { useEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { holdScrollRestore, loadReturnedToEntry } from "./page-return";

/**
 * How many pages a paged list had in each history entry, kept in the tab's session storage:
 * Back to a list whose pages the query cache has let go (after `LIST_KEPT_MS`), and a reload or a
 * tab the phone's browser loaded again, read the list again as deep as it was, so the scroll
 * memory can put back the card the shopper was at.
 */
const STORAGE = "greencart:list-pages";
/** The most recent lists whose depth is kept. */
const LISTS_KEPT = 50;
/**
 * At most this many pages are read again by themselves (480 cards of 24, about 250 KB): a list
 * left deeper comes back this deep, and the scroll memory puts back its position.
 */
export const PAGES_READ_AGAIN_AT_MOST = 20;

/** The history entry "default" is the first of a tab, and of a page opened by its address. */
const FIRST_ENTRY = "default";
/** Lists whose depth this page load wrote: an entry "default" of an earlier page load is not this one. */
const writtenHere = new Set<string>();

function stored(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE) ?? "{}");
    return typeof value === "object" && value !== null ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The depth remembered for `id`, if it belongs to this history entry. */
function remembered(id: string, entry: string): number {
  // The server's render of the list's first page: no tab, nothing remembered.
  if (typeof window === "undefined") return 0;
  if (entry === FIRST_ENTRY && !writtenHere.has(id) && !loadReturnedToEntry()) return 0;
  const pages = stored()[id];
  return typeof pages === "number" && Number.isInteger(pages) && pages > 0 ? pages : 0;
}

/**
 * Notes that `id` has `pages` pages, unless it is known deeper (its pages being read again); when
 * `fresh`, what is stored for it was not this entry's (a first entry of an earlier page load).
 */
function remember(id: string, pages: number, fresh: boolean): void {
  writtenHere.add(id);
  const all = stored();
  if (!fresh && (all[id] ?? 0) >= pages) return;
  delete all[id];
  all[id] = pages;
  const ids = Object.keys(all);
  for (const oldest of ids.slice(0, Math.max(0, ids.length - LISTS_KEPT))) delete all[oldest];
  try {
    sessionStorage.setItem(STORAGE, JSON.stringify(all));
  } catch {
    // Storage refused: the list comes back with its first page, as it did without this.
  }
}

/** What of TanStack's infinite query this needs. */
interface PagedList {
  data?: { pages: unknown[] } | undefined;
  /** True while a list of other filters shows the previous one's pages. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Remembers how many pages the list `list` (its first page's path) has in this history entry, and
 * when the list comes back with fewer, reads the next ones one after another until it is as deep
 * as it was (at most `PAGES_READ_AGAIN_AT_MOST`), holding the scroll memory's restore meanwhile.
 * A failed page stops it (the list offers its retry).
 */
export function useListComesBackWhole(list: string, query: PagedList): void {
  const { key } = useLocation();
  const id = `${key} ${list}`;
  const wanted = useMemo(() => Math.min(remembered(id, key), PAGES_READ_AGAIN_AT_MOST), [id, key]);
  const loaded = query.isPlaceholderData ? 0 : (query.data?.pages.length ?? 0);
  const short = loaded > 0 && loaded < wanted && query.hasNextPage && !query.isError;

  useEffect(() => {
    if (loaded > 0) remember(id, loaded, wanted === 0);
  }, [id, loaded, wanted]);

  const { isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (short && !isFetchingNextPage) void fetchNextPage();
  }, [short, isFetchingNextPage, fetchNextPage]);

  useEffect(() => (short ? holdScrollRestore() : undefined), [short]);
}
