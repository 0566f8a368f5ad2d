import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProductListResponse } from "../../contract/product";
import { apiFetch } from "./api-client";

/**
 * The whole catalogue, shared by the storefront pages and the cart (the spec's client filters it);
 * revalidated cheaply thanks to the server's ETags.
 */
export const productListQuery = queryOptions({
  queryKey: ["products"],
  queryFn: () => apiFetch<ProductListResponse>("/api/product/list"),
  select: (body) => body.products,
});

export function useProducts() {
  return useQuery(productListQuery);
}
