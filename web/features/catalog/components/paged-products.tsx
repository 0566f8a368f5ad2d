import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useAppReady } from "../../../ui/app-ready";
import { useEffect, useRef } from "react";
import { productPagesQuery } from "../api";
import { LoadError } from "../../../ui/load-error";
import { ProductCard, ProductGridSkeleton, productGridClass } from "./product-card";

/** Cards whose pictures load at once: the first row on a wide screen (the rest load lazily). */
const EAGER_CARDS = 5;

/**
 * A product list read from the server 24 at a time (keyset paging). More pages load by
 * themselves as the shopper nears the end (IntersectionObserver) and with a real "Load more"
 * button, for browsers and people who do not scroll. Pages stay in the query cache, so Back
 * returns to the same list (the layout restores the scroll position).
 */
export function PagedProducts({ firstPage, empty }: { firstPage: string; empty: React.ReactNode }) {
  const pages = useInfiniteQuery({
    ...productPagesQuery(firstPage),
    placeholderData: keepPreviousData,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const ready = useAppReady();
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
  return (
    <>
      <ul
        className={`${productGridClass} ${stale ? "opacity-60 transition-opacity" : ""}`}
        aria-busy={stale}
      >
        {products.map((p, i) => (
          <li key={p._id}>
            <ProductCard product={p} eager={i < EAGER_CARDS} />
          </li>
        ))}
      </ul>
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
