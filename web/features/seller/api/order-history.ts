import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { SELLER_LIST_LIMIT, type SellerOrderListResponse } from "../../../../contract/order";
import { apiFetch } from "../../../lib/api-client";
import { isListed } from "../../../../contract/order-status";
import { orderList } from "../../../lib/order-cache";
import { orderKeys } from "../../../lib/query-keys";

/* The orders behind the queue: the newest of every status, and each finished status's history. */

const recentOrders = (enabled: boolean) => ({
  queryKey: orderKeys.recent,
  ...orderList(isListed, () =>
    apiFetch<SellerOrderListResponse>(`/api/order/seller?limit=${SELLER_LIST_LIMIT}`),
  ),
  enabled,
});

/** The newest `SELLER_LIST_LIMIT` orders of every status: the history behind the queue. */
export function useRecentOrders(enabled: boolean) {
  return useQuery({ ...recentOrders(enabled), select: (b) => b.orders });
}

/** Where the newest orders end: the cursor older orders are read from (null: there are none). */
export function useRecentOrdersEnd(enabled: boolean) {
  return useQuery({ ...recentOrders(enabled), select: (b) => b.nextCursor ?? null });
}

/** The two histories a seller can page back through: every order of that status, to the first. */
export type HistoryStatus = "Delivered" | "Cancelled";

/**
 * Every order of one finished status, newest first, `SELLER_LIST_LIMIT` at a time, back to the
 * first: read when the seller asks for more than the newest orders hold (its first page overlaps
 * them; the page shows each order once). Kept apart from the `["orders"]` lists: a poll or an
 * event refreshes those, not every page read so far (an event about an old order adds it to the
 * newest orders, whose copy then wins).
 */
export function useOrderHistory(status: HistoryStatus, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: orderKeys.history(status),
    queryFn: ({ pageParam }) =>
      apiFetch<SellerOrderListResponse>(
        `/api/order/seller?status=${status}&limit=${SELLER_LIST_LIMIT}${pageParam ? `&cursor=${pageParam}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: Infinity,
    // The page says itself when a page of it fails to load.
    meta: { quietRefresh: true },
  });
}
