import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { allProductsPage, searchText } from "../../../../contract/catalogue-urls";
import { useAppReady } from "../../../ui/app-ready";
import { useDebouncedValue } from "../../../ui/use-debounced-value";
import { PagedProducts } from "../components/paged-products";
import { NOTHING_IN_STOCK } from "../components/product-card";
import { productsPageName } from "../../../../contract/page-title";
import { usePageTitle } from "../../../ui/page-title";

const TYPING_PAUSE_MS = 300;

/**
 * In-stock products, 24 a page; with `?search=` the server's search (names containing it, or if none,
 * names a small typo away such as "tomatto"), asked once typing pauses, not at every key.
 */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const ready = useAppReady();
  const search = searchText(params.get("search"));
  usePageTitle(productsPageName(search));
  const settled = useDebouncedValue(search, TYPING_PAUSE_MS);
  // The navigation bar's search box is there on large screens only (store-spec.md): phones and
  // tablets search here, the same way (the address keeps the text, typing replaces the entry).
  // The box keeps its own text (the address follows as a transition: typing mid-word keeps the
  // caret where it is), and takes the address's when that changes otherwise (back, the bar).
  const inAddress = params.get("search") ?? "";
  const [text, setText] = useState(inAddress);
  useEffect(() => setText(inAddress), [inAddress]);
  const onSearch = (value: string) => {
    setText(value);
    setParams(value ? { search: value } : {}, { replace: true });
  };
  return (
    <section className="py-8">
      <label className="mb-6 flex min-h-11 items-center rounded-full border border-gray-300 px-4 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/40 lg:hidden">
        <span className="sr-only">Search products</span>
        <input
          value={text}
          disabled={!ready}
          onChange={(e) => onSearch(e.target.value)}
          className="min-h-11 w-full bg-transparent outline-none"
          type="search"
          enterKeyHint="search"
          placeholder="Search products"
        />
      </label>
      <h1 className="text-2xl font-medium uppercase">
        {search ? `Results for “${search}”` : "All products"}
      </h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      <PagedProducts
        firstPage={allProductsPage(settled)}
        empty={
          <p className="mt-10 text-center text-gray-600">
            {settled ? "No products match your search. Try another word." : NOTHING_IN_STOCK}
          </p>
        }
      />
    </section>
  );
}
