import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../contract/order";
import { apiFetch } from "../../app/api-client";

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
