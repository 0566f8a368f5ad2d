import { useSearchParams } from "react-router";
import { useProducts } from "../../../app/products";
import { useTypoSearch } from "../api";
import { useDebouncedValue } from "../../../ui/use-debounced-value";
import { ProductCard, ProductGridSkeleton } from "../components/product-card";
import { LoadError } from "../../../ui/load-error";

const TYPING_PAUSE_MS = 300;

/** All in-stock products, filtered by the navbar's search text (case-insensitive name contains). */
export function ProductsPage() {
  const [params] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const products = useProducts();
  const matches = (products.data ?? []).filter(
    (p) => p.inStock && p.name.toLowerCase().includes(search.toLowerCase()),
  );
  // Nothing contains the text? Ask the server, which tolerates small typos ("tomatto"), once the
  // text has stopped changing: one call per pause in typing, not one per key.
  const settled = useDebouncedValue(search, TYPING_PAUSE_MS);
  const needsTypoSearch = products.isSuccess && matches.length === 0 && search.length >= 3;
  const typo = useTypoSearch(settled, needsTypoSearch && settled === search);
  const shown = matches.length > 0 ? matches : (typo.data ?? []);
  const searching = needsTypoSearch && (settled !== search || typo.isFetching);
  return (
    <section className="py-8">
      <h1 className="text-2xl font-medium uppercase">
        {search ? `Results for “${search}”` : "All products"}
      </h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      {products.isPending || searching ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <LoadError what="products" onRetry={() => void products.refetch()} />
      ) : shown.length === 0 ? (
        <p className="mt-10 text-center text-gray-600">
          No products match your search. Try another word.
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-5 lg:grid-cols-5">
          {shown.map((p, i) => (
            <li key={p._id}>
              <ProductCard product={p} eager={i < 5} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
