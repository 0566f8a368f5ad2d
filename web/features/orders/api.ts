import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { productListPath } from "../../../contract/catalogue-urls";
import { SHOPPER_LIST_LIMIT, type Order, type OrderListResponse } from "../../../contract/order";
import type { Product, ProductListResponse } from "../../../contract/product";
import { ApiError, apiFetch } from "../../lib/api-client";
import { orderDetailKey } from "../../ui/use-order-events";

export const SHOPPER_EVENTS_URL = "/api/order/user/events";

/** The shopper's newest `SHOPPER_LIST_LIMIT` orders (kept live), and where older ones start. */
export function useMyOrders(enabled: boolean) {
  return useQuery({
    queryKey: ["orders", "mine"],
    queryFn: () => apiFetch<OrderListResponse>(`/api/order/user?limit=${SHOPPER_LIST_LIMIT}`),
    enabled,
    retry: false,
    // The spec: failing to load orders only logs, without a toast.
    meta: { silent: true },
  });
}

/**
 * The shopper's orders older than their newest, from `from` (the newest list's `nextCursor`), 50 at
 * a time. Kept under `["orders"]` with the shopper's id, so a logout removes them with the rest and
 * a cancel reads them again; keyed by `from`, so when a new order moves where the newest end, they
 * start again from there (no order falls between the two).
 */
export function useOlderOrders(userId: string | undefined, from: string | null | undefined) {
  return useInfiniteQuery({
    queryKey: ["orders", "mine", "older", userId, from],
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
    queryKey: orderDetailKey(id),
    queryFn: () => apiFetch<{ order: Order }>(`/api/order/${encodeURIComponent(id)}`),
    select: (body) => body.order,
    enabled,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
    // The page says what went wrong itself.
    meta: { silent: true },
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<{ message: string }>("/api/order/cancel", { json: { orderId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
      ]),
  });
}

/** The products of these ids as sold now (unknown or deleted ones are left out). */
export async function currentProducts(ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return (await apiFetch<ProductListResponse>(productListPath({ ids }))).products;
}
