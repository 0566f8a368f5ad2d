import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { productListPath } from "../../../contract/catalogue-urls";
import type { Order } from "../../../contract/order";
import type { Product, ProductListResponse } from "../../../contract/product";
import { ApiError, apiFetch } from "../../lib/api-client";
import { orderDetailKey } from "../../ui/use-order-events";

export const SHOPPER_EVENTS_URL = "/api/order/user/events";

export function useMyOrders(enabled: boolean) {
  return useQuery({
    queryKey: ["orders", "mine"],
    queryFn: () => apiFetch<{ orders: Order[] }>("/api/order/user"),
    select: (body) => body.orders,
    enabled,
    retry: false,
    // The spec: failing to load orders only logs, without a toast.
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
