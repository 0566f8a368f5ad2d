import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { productListPath } from "../../../contract/catalogue-urls";
import {
  SHOPPER_LIST_LIMIT,
  type OrderChangedResponse,
  type OrderListResponse,
  type OrderResponse,
} from "../../../contract/order";
import type { Product, ProductListResponse } from "../../../contract/product";
import { ApiError, apiFetch } from "../../lib/api-client";
import { applyOrderEvent, readingOrders } from "../../lib/order-cache";
import { orderKeys, productKeys } from "../../lib/query-keys";

export const SHOPPER_EVENTS_URL = "/api/order/user/events";

/** The shopper's newest `SHOPPER_LIST_LIMIT` orders (kept live), and where older ones start. */
export function useMyOrders(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.mine,
    // Orders events gave the cache while it was read are put into its answer (readingOrders).
    queryFn: readingOrders(() =>
      apiFetch<OrderListResponse>(`/api/order/user?limit=${SHOPPER_LIST_LIMIT}`),
    ),
    enabled,
    retry: false,
    // The spec: failing to load orders only logs, without a toast.
    meta: { silent: true },
  });
}

/**
 * The shopper's orders older than their newest, from `from` (the newest list's `nextCursor`), 50 at
 * a time. Kept apart from the `orderKeys.all` lists (`orderKeys.olderAll`, which a logout removes too):
 * a poll while the live stream is down refreshes those every 10 s, and would read every page of
 * these again each time; a change to an old order (a refund) comes as an event, which adds it to
 * the newest orders, whose copy the page shows. Keyed by the shopper's id and by `from`, so when
 * a new order moves where the newest end, they start again from there (no order falls between).
 */
export function useOlderOrders(userId: string | undefined, from: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: orderKeys.older(userId, from),
    queryFn: ({ pageParam }) =>
      apiFetch<OrderListResponse>(
        `/api/order/user?limit=50&cursor=${encodeURIComponent(pageParam)}`,
      ),
    initialPageParam: from ?? "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(userId && from),
    staleTime: Infinity,
    retry: false,
    // The page says itself when a page fails to load.
    meta: { silent: true },
  });
}

/** One order with its history (`GET /api/order/:id`); a 404 is final, not retried. */
export function useOrder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: readingOrders(() => apiFetch<OrderResponse>(`/api/order/${encodeURIComponent(id)}`)),
    select: (body: OrderResponse) => body.order,
    enabled,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
    // The page says what went wrong itself.
    meta: { silent: true },
  });
}

/**
 * `POST /api/order/cancel`: its answer's order goes into the order lists as a live event's does;
 * the catalogue is read again (the units are back on sale). A refused cancel reads the lists again.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<OrderChangedResponse>("/api/order/cancel", { json: { orderId } }),
    onSuccess: (answer) => {
      applyOrderEvent(queryClient, answer.order);
    },
    meta: {
      invalidates: [productKeys.all],
      // Refused (the shop started packing it meanwhile): the lists show where it is now, the
      // older orders' pages too (they are read again only so).
      invalidatesOnError: [orderKeys.all, orderKeys.olderAll],
    },
  });
}

/** The products of these ids as sold now (unknown or deleted ones are left out). */
export async function currentProducts(ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return (await apiFetch<ProductListResponse>(productListPath({ ids }))).products;
}
