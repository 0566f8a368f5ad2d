import { useQuery } from "@tanstack/react-query";
import type { Product, ProductListResponse } from "../../../contract/product";
import { apiFetch } from "../../app/api-client";

export { useProducts } from "../../app/products";

/** The server's typo-tolerant search, used when the plain name filter finds nothing. */
export function useTypoSearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: ["products", "search", text],
    queryFn: () =>
      apiFetch<ProductListResponse>(`/api/product/list?inStock=true&q=${encodeURIComponent(text)}`),
    select: (body): Product[] => body.products,
    enabled,
  });
}
