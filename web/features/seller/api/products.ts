import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  PAGE_SIZE,
  productListPath,
  productListQuery,
  productPath,
  type StockLevel,
} from "../../../../contract/catalogue-urls";
import type {
  ProductListResponse,
  ProductResponse,
  StockHistoryResponse,
} from "../../../../contract/product";
import type { ProductCountsResponse } from "../../../../contract/seller";
import { apiFetch } from "../../../lib/api-client";
import { useListComesBackWhole } from "../../../lib/list-comes-back-whole";
import { LIST_KEPT_MS } from "../../../lib/query-client";
import { productKeys } from "../../../lib/query-keys";

/*
 * The seller's reads of products: the list page by page with its counts, one product, its stock
 * ledger. Every key sits under `productKeys.all`, beside the storefront's, so one invalidation after
 * a change (product-changes.ts) refreshes both.
 */

/** The seller product list's filters, as kept in the page's URL. */
export interface SellerProductFilters {
  q?: string;
  category?: string;
  stock?: StockLevel;
}

export const SELLER_PAGE_SIZE = PAGE_SIZE;

/** The seller product list, 24 at a time (keyset `cursor`), filtered on the server. */
export function useSellerProductPages(filters: SellerProductFilters) {
  const params = { ...filters, limit: SELLER_PAGE_SIZE };
  const firstPage = productListPath(params);
  const pages = useInfiniteQuery({
    queryKey: productKeys.sellerPages(firstPage),
    queryFn: ({ pageParam }) =>
      apiFetch<ProductListResponse>(productListPath({ ...params, cursor: pageParam || undefined })),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While new filters load, the previous list stays (no jump to a skeleton at every key press).
    placeholderData: keepPreviousData,
    // Back from an edit page left open a while finds every page read.
    gcTime: LIST_KEPT_MS,
  });
  // Back after that, or a reload: the list is read again as deep as the seller had it.
  useListComesBackWhole(firstPage, pages);
  return pages;
}

/** `GET /api/seller/product-counts` for the list's search and category, written as the list's. */
function productCountsPath({ q, category }: SellerProductFilters): string {
  const query = productListQuery({ q, category });
  return `/api/seller/product-counts${query ? `?${query}` : ""}`;
}

/**
 * How many products the list has for its search and category: in all and at each stock level
 * (what the list shows with that filter). Under ["products", "seller", ...], so it is read again
 * whenever the list is. Undefined while it loads or if it cannot be read: the page then shows
 * the list without its counts, and says nothing of the failure (the list says its own).
 */
export function useSellerProductCounts(filters: SellerProductFilters) {
  const path = productCountsPath(filters);
  return useQuery({
    queryKey: productKeys.sellerCounts(path),
    queryFn: () => apiFetch<ProductCountsResponse>(path),
    select: (answer) => answer.counts,
    meta: { silent: true },
  }).data;
}

/** One product, with the stock the server knows now. */
export function useSellerProduct(id: string) {
  return useQuery({
    queryKey: productKeys.sellerOne(id),
    queryFn: () => apiFetch<ProductResponse>(productPath(id)),
    select: (b) => b.product,
    // A product that does not exist stays not found; the page says so itself.
    retry: false,
    meta: { silent: true },
  });
}

export const STOCK_HISTORY_PAGE = 20;

/** A product's stock ledger, newest first, 20 entries at a time. */
export function useStockHistory(id: string) {
  return useInfiniteQuery({
    queryKey: productKeys.stockHistory(id),
    queryFn: ({ pageParam }) =>
      apiFetch<StockHistoryResponse>(
        `/api/product/${encodeURIComponent(id)}/stock-history?limit=${STOCK_HISTORY_PAGE}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""
        }`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The history says itself when it, or a page more, could not be read.
    meta: { silent: true },
  });
}
