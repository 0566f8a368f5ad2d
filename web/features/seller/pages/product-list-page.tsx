import { useRef } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../ui/load-error";
import { useSellerProductCounts, useSellerProductPages } from "../api/products";
import { formatCount } from "../components/format-count";
import { ProductFilterBar, useProductFilters } from "../components/product-filters";
import { ProductCards, ProductTable } from "../components/product-rows";
import { useNarrowBox } from "../components/use-narrow-screen";
import { usePageTitle } from "../../../ui/page-title";

/**
 * Narrower than this, the table's six columns no longer fit and its switch and Edit link would
 * be reached by scrolling sideways (at 1024 px, beside the sidebar, the page has 688 px).
 */
const TABLE_WIDTH = 780;

/** "Showing 24 of 4,077 products (more below)"; without `total`, "Showing 24 products". */
function showing(shown: number, total: number | undefined, more: boolean): string {
  const products = (n: number) => `${formatCount(n)} product${n === 1 ? "" : "s"}`;
  const text =
    total === undefined
      ? `Showing ${products(shown)}`
      : `Showing ${formatCount(shown)} of ${products(total)}`;
  return more ? `${text} (more below)` : text;
}

/**
 * /seller/product-list: the catalogue 24 at a time, searched and filtered on the server (filters
 * kept in the URL), as a table where the page is wide enough for it and as cards elsewhere.
 */
export function ProductListPage() {
  const [filters, setFilter] = useProductFilters();
  const pages = useSellerProductPages(filters);
  const counts = useSellerProductCounts(filters);
  usePageTitle("Products");
  const box = useRef<HTMLElement>(null);
  const narrow = useNarrowBox(box, TABLE_WIDTH);
  const products = pages.data?.pages.flatMap((p) => p.products) ?? [];
  const filtered = Boolean(filters.q || filters.category || filters.stock);
  const updating = pages.isPlaceholderData && pages.isFetching;
  // The total of the filters the list shows: none while it still shows the previous filters'
  // products, nor one below what it shows (counts read before products were added).
  const counted = counts && (filters.stock ? counts[filters.stock] : counts.all);
  const total =
    !pages.isPlaceholderData && counted !== undefined && counted >= products.length
      ? counted
      : undefined;

  return (
    <section ref={box} className="p-4 md:p-10">
      <h1 className="pb-4 text-lg font-medium">All Products</h1>
      <ProductFilterBar filters={filters} onChange={setFilter} counts={counts} />
      {pages.isPending ? (
        <div className="max-w-4xl space-y-2" aria-busy="true">
          <span className="sr-only">Loading products…</span>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-16 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : pages.isError && products.length === 0 ? (
        <LoadError what="products" onRetry={() => void pages.refetch()} />
      ) : (
        <div aria-busy={updating} className={updating ? "opacity-60 transition" : undefined}>
          <p role="status" className="pb-2 text-sm text-gray-600">
            {products.length === 0
              ? filtered
                ? "No products match these filters."
                : "No products yet."
              : showing(products.length, total, pages.hasNextPage)}
          </p>
          {products.length === 0 ? (
            filtered ? null : (
              <Link to="/seller" className="text-primary underline">
                Add your first product
              </Link>
            )
          ) : narrow ? (
            <ProductCards products={products} />
          ) : (
            <ProductTable products={products} />
          )}
          {pages.hasNextPage && (
            <button
              type="button"
              // Not `disabled` while loading: the browser would drop the focus to the page.
              onClick={() => {
                if (!pages.isFetchingNextPage) void pages.fetchNextPage();
              }}
              aria-disabled={pages.isFetchingNextPage}
              className="mt-4 min-h-11 rounded border border-primary px-6 text-primary hover:bg-primary/10 aria-disabled:opacity-60"
            >
              {pages.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          )}
          {pages.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              Could not load more products. Try again.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
