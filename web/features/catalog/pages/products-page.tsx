import { useSearchParams } from "react-router";
import { allProductsPage, searchText } from "../../../../contract/catalogue-urls";
import { useDebouncedValue } from "../../../ui/use-debounced-value";
import { PagedProducts } from "../components/paged-products";

const TYPING_PAUSE_MS = 300;

/**
 * In-stock products, 24 a page; with `?search=` the server's search (name contains, then small
 * typos such as "tomatto"), asked once typing pauses, not at every key.
 */
export function ProductsPage() {
  const [params] = useSearchParams();
  const search = searchText(params.get("search"));
  const settled = useDebouncedValue(search, TYPING_PAUSE_MS);
  return (
    <section className="py-8">
      <h1 className="text-2xl font-medium uppercase">
        {search ? `Results for “${search}”` : "All products"}
      </h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      <PagedProducts
        firstPage={allProductsPage(settled)}
        empty={
          <p className="mt-10 text-center text-gray-600">
            No products match your search. Try another word.
          </p>
        }
      />
    </section>
  );
}
