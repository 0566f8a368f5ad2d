import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProductListResponse } from "../../../contract/product";
import { apiFetch } from "../../app/api-client";

/** The whole catalogue (the spec's client filters it); cached by TanStack Query, revalidated by ETag. */
export const productListQuery = queryOptions({
  queryKey: ["products"],
  queryFn: () => apiFetch<ProductListResponse>("/api/product/list"),
  select: (body) => body.products,
});

export function useProducts() {
  return useQuery(productListQuery);
}
