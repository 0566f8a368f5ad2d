import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { categories, findCategory } from "../../../../contract/categories";
import { MAX_SEARCH_LENGTH, searchText, stockLevels } from "../../../../contract/catalogue-urls";
import type { ProductCounts } from "../../../../contract/seller";
import { useDebouncedValue } from "../../../ui/use-debounced-value";
import type { SellerProductFilters } from "../api/products";
import { formatCount } from "./format-count";
import { SearchIcon } from "./seller-icons";

export const SEARCH_DELAY_MS = 300;

/** The seller product list's filters, read from the page's URL (unknown values ignored). */
export function useProductFilters(): [
  SellerProductFilters,
  (key: "q" | "category" | "stock", value: string) => void,
] {
  const [params, setParams] = useSearchParams();
  const stock = params.get("stock");
  const filters: SellerProductFilters = {
    q: searchText(params.get("q")) || undefined,
    category: findCategory(params.get("category") ?? "")?.path,
    stock: stockLevels.find((level) => level === stock),
  };
  const set = (key: "q" | "category" | "stock", value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

const control =
  "min-h-11 w-full rounded border border-gray-500/40 bg-white px-3 outline-none focus:border-primary";

const stockOptions = [
  { value: "", label: "All", counted: "all" },
  { value: "low", label: "Low stock", counted: "low" },
  { value: "out", label: "Sold out", counted: "out" },
  { value: "off", label: "Switched off", counted: "off" },
] as const;

/**
 * Search (debounced 300 ms), category and stock level; each change goes to the URL. Each stock
 * level says how many products it has within the search and category once `counts` are known.
 */
export function ProductFilterBar({
  filters,
  onChange,
  counts,
}: {
  filters: SellerProductFilters;
  onChange: (key: "q" | "category" | "stock", value: string) => void;
  counts?: ProductCounts;
}) {
  const urlText = filters.q ?? "";
  const [text, setText] = useState(urlText);
  // Back and forward change the URL: the box follows (but keeps a space being typed).
  const [seen, setSeen] = useState(urlText);
  if (seen !== urlText) {
    setSeen(urlText);
    if (text.trim() !== urlText) setText(urlText);
  }
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  // Written only when what was typed settles, so that a URL change is never typed over.
  const written = useRef(settled);
  useEffect(() => {
    if (written.current === settled) return;
    written.current = settled;
    onChange("q", settled.trim());
  }, [settled, onChange]);

  return (
    <form
      role="search"
      aria-label="Products"
      onSubmit={(e) => {
        e.preventDefault();
        onChange("q", text.trim());
      }}
      className="grid max-w-4xl gap-3 pb-4 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="seller-product-search" className="text-sm text-gray-700">
          Search products
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500" />
          <input
            id="seller-product-search"
            type="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name of a product"
            className={`${control} pl-9`}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="seller-product-category" className="text-sm text-gray-700">
          Category
        </label>
        <select
          id="seller-product-category"
          value={filters.category ?? ""}
          onChange={(e) => onChange("category", e.target.value)}
          className={control}
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="seller-product-stock" className="text-sm text-gray-700">
          Stock level
        </label>
        <select
          id="seller-product-stock"
          value={filters.stock ?? ""}
          onChange={(e) => onChange("stock", e.target.value)}
          className={control}
        >
          {stockOptions.map(({ value, label, counted }) => (
            <option key={value} value={value}>
              {counts ? `${label} (${formatCount(counts[counted])})` : label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
