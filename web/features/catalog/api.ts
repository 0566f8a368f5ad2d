import { infiniteQueryOptions } from "@tanstack/react-query";
import type { ProductListResponse } from "../../../contract/product";
import { apiFetch } from "../../lib/api-client";
import { takeInitialAnswer } from "../../lib/initial-data";
import { LIST_KEPT_MS } from "../../lib/query-client";
import { productKeys } from "../../lib/query-keys";

/**
 * The paged lists of the catalogue pages (not in the entry chunk: home needs none). The first
 * page may come inline with the HTML (app/initial-data.ts).
 */
/** `firstPage` is a canonical path with `limit`; later pages add the answer's `nextCursor`. */
export function productPagesQuery(firstPage: string) {
  return infiniteQueryOptions({
    queryKey: productKeys.pages(firstPage),
    queryFn: ({ pageParam }) =>
      apiFetch<ProductListResponse>(
        pageParam
          ? `${firstPage}${firstPage.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(pageParam)}`
          : firstPage,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: () => {
      const first = takeInitialAnswer<ProductListResponse>(firstPage);
      return first ? { pages: [first], pageParams: [""] } : undefined;
    },
    initialDataUpdatedAt: () => Date.now(),
    // Kept this long once left (the default is 5 minutes): Back from a product read at length
    // finds every page read, and the scroll memory the card the shopper was at.
    gcTime: LIST_KEPT_MS,
  });
}
