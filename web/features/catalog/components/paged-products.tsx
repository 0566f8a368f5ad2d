import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useAppReady } from "../../../ui/app-ready";
import { useEffect, useRef, useState } from "react";
import { productPagesQuery } from "../api";
import { useListComesBackWhole } from "../../../lib/list-comes-back-whole";
import { LoadError } from "../../../ui/load-error";
import { ProductCard, ProductGridSkeleton, productGridClass } from "./product-card";

/** Cards whose pictures load at once: the first row on a wide screen (the rest load lazily). */
const EAGER_CARDS = 5;

/**
 * Cards per block of the list. Each block is a grid of its own, so a multiple of every column
 * count of `productGridClass` (2, 3 and 5): the blocks' rows then line up as one grid's would.
 */
export const CARDS_PER_BLOCK = 30;

/** Each block's grid: the product grid without its top margin, which the list has. (Made here, in
 * the products pages' chunk, rather than beside `productGridClass`, in the first JavaScript.) */
export const blockGridClass = productGridClass.replace("mt-6 ", "");

/**
 * A product list read from the server 24 at a time (keyset paging). More pages load by
 * themselves as the shopper nears the end (IntersectionObserver) and with a real "Load more"
 * button, for browsers and people who do not scroll. Pages stay in the query cache, so Back
 * returns to the same list (the layout restores the scroll position); once the cache has let
 * them go, or after a reload, they are read again.
 */
export function PagedProducts({ firstPage, empty }: { firstPage: string; empty: React.ReactNode }) {
  const pages = useInfiniteQuery({
    ...productPagesQuery(firstPage),
    placeholderData: keepPreviousData,
  });
  // Back after the cache let the pages go, or a reload: as many pages as the shopper had read.
  useListComesBackWhole(firstPage, pages);
  const sentinel = useRef<HTMLDivElement>(null);
  const ready = useAppReady();
  const skipping = useSkippingOnceDrawn();
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = pages;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isError || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);

  if (pages.isPending) return <ProductGridSkeleton />;
  if (pages.isError && !pages.data)
    return <LoadError what="products" onRetry={() => void pages.refetch()} />;
  const products = pages.data.pages.flatMap((page) => page.products);
  if (products.length === 0) return <>{empty}</>;
  // While a new search is fetched the previous results stay, dimmed.
  const stale = pages.isPlaceholderData;
  // One list, in blocks of cards the browser skips while they are far from the screen
  // (`card-block` and content-visibility, docs/decisions/033): with thousands of cards, an Add
  // would otherwise lay out, paint and hit-test them all again, and one grid of them all would be
  // laid out again whenever a card changes or comes near the screen. The blocks are no list of
  // their own (role none); the cards are the list's items.
  const blocks = Array.from({ length: Math.ceil(products.length / CARDS_PER_BLOCK) }, (_, b) =>
    products.slice(b * CARDS_PER_BLOCK, (b + 1) * CARDS_PER_BLOCK),
  );
  return (
    <>
      <div
        role="list"
        className={`mt-6 flex flex-col gap-3 md:gap-5 ${stale ? "opacity-60 transition-opacity" : ""}`}
        aria-busy={stale}
      >
        {blocks.map((block, b) => (
          <ul
            key={b}
            role="none"
            className={`${blockGridClass} card-block ${skipping ? "[content-visibility:auto]" : ""}`}
          >
            {block.map((p, i) => (
              <li key={p._id} role="listitem" data-scroll-anchor={p._id}>
                <ProductCard product={p} eager={b === 0 && i < EAGER_CARDS} />
              </li>
            ))}
          </ul>
        ))}
      </div>
      {isFetchingNextPage && <ProductGridSkeleton count={5} />}
      <div ref={sentinel} className="mt-8 flex flex-col items-center gap-2">
        {pages.isFetchNextPageError ? (
          <LoadError what="more products" onRetry={() => void fetchNextPage()} />
        ) : hasNextPage ? (
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage || !ready}
            className="min-h-11 rounded border border-primary px-10 py-2.5 text-primary hover:bg-primary/10 disabled:opacity-60"
          >
            {isFetchingNextPage ? "Loading…" : "Load more"}
          </button>
        ) : (
          products.length > EAGER_CARDS && (
            <p className="text-sm text-gray-500">You have seen all {products.length} products.</p>
          )
        )}
      </div>
    </>
  );
}

/**
 * False for the list's first frame, then true: blocks are skipped only once the browser has drawn
 * them, so it knows their real height (`contain-intrinsic-size: auto`). A list that comes back
 * whole from the cache (Back) then has its real length at once, and the scroll position restored
 * on it shows the cards the shopper left, not a place computed from estimated heights.
 */
function useSkippingOnceDrawn(): boolean {
  const [skipping, setSkipping] = useState(false);
  useEffect(() => {
    // The frame after the next: the browser has laid out and measured the blocks by then.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setSkipping(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return skipping;
}
