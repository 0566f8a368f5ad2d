import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { MAX_IDS_PER_QUERY, productListPath, productPath } from "../../contract/catalogue-urls";
import type { ProductListResponse, ProductResponse } from "../../contract/product";
import { apiFetch } from "./api-client";
import { takeInitialAnswer } from "./initial-data";
import { productKeys } from "./query-keys";

/**
 * The storefront's catalogue calls. Every page asks only for what it shows (a page of 24, the
 * product by id, the cart's products by id), so its cost does not grow with the catalogue. The
 * first answer of a page may come inline with the HTML (initial-data.ts); the paths are the
 * canonical ones of contract/catalogue-urls.ts so that the server's inline answers match.
 */

/** A list call answered in one piece (Best Sellers, related products). */
export function productListQuery(path: string) {
  return queryOptions({
    queryKey: productKeys.list(path),
    queryFn: () => apiFetch<ProductListResponse>(path),
    initialData: () => takeInitialAnswer<ProductListResponse>(path),
    initialDataUpdatedAt: () => Date.now(),
    select: (body) => body.products,
  });
}

export function useProductList(path: string, enabled = true) {
  return useQuery({ ...productListQuery(path), enabled });
}

export function productQuery(id: string) {
  const path = productPath(id);
  return queryOptions({
    queryKey: productKeys.one(id),
    queryFn: () => apiFetch<ProductResponse>(path),
    initialData: () => takeInitialAnswer<ProductResponse>(path),
    initialDataUpdatedAt: () => Date.now(),
    select: (body) => body.product,
    // A product that does not exist stays not found; nothing to retry.
    retry: false,
    meta: { silent: true },
  });
}

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

/**
 * The products of the cart, by id (unknown or deleted ones are left out of the answer). While a
 * changed cart is being fetched the previous answer stays shown; `isPlaceholderData` tells.
 */
export function useProductsByIds(ids: readonly string[], enabled = true) {
  const sorted = [...new Set(ids)].sort();
  return useQuery({
    queryKey: productKeys.ids(sorted),
    queryFn: async () => {
      const calls = [];
      for (let i = 0; i < sorted.length; i += MAX_IDS_PER_QUERY) {
        const path = productListPath({ ids: sorted.slice(i, i + MAX_IDS_PER_QUERY) });
        calls.push(apiFetch<ProductListResponse>(path));
      }
      return (await Promise.all(calls)).flatMap((answer) => answer.products);
    },
    enabled: enabled && sorted.length > 0,
    placeholderData: keepPreviousData,
  });
}
