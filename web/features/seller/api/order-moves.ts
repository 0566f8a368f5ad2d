import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { Order, OrderChangedResponse, OrderStatusChange } from "../../../../contract/order";
import { apiFetch } from "../../../lib/api-client";
import { applyOrderEvent, holdsOrders } from "../../../lib/order-cache";
import { orderKeys, productKeys, sellerKeys } from "../../../lib/query-keys";
import { toast } from "../../../ui/toast";
import { inQueue, isQueueCut } from "./orders-queue";

/** `POST /api/order/refund`: `onRefunded` gets the order as it is now (Refunded). */
export function useRefundOrder(onRefunded: (order: Order) => void) {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<OrderChangedResponse>("/api/order/refund", { json: { orderId } }),
    // Here, not in mutate(): a card whose order leaves the list shown is gone by then.
    onSuccess: (answer) => {
      toast.success(answer.message);
      onRefunded(answer.order);
    },
  });
}

/**
 * `POST /api/order/status`: moves an order along; the server's answer ("Order #1a2b3c4d moved to
 * Delivered") is toasted. Its answer carries the order as moved, which goes into every order
 * list the way a live event does (applyOrderEvent; the seller's stream brings the same copy a
 * moment later): a move in a rush does not read the queue of up to 500 orders and the history
 * lists again. Read again only what the answer cannot tell: order queries that are not lists of
 * orders (the pick list), the queue when a rush had cut it and the order left it (the next one
 * comes in, useQueueRefill's rule, at once for the seller's own move), and for a cancellation
 * what shows the stock it gave back. A refused move (another device moved the order first)
 * reads every order list again.
 */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // A cancellation says why (`reason`, and a `note` for the shopper).
    mutationFn: (v: OrderStatusChange) =>
      apiFetch<OrderChangedResponse>("/api/order/status", { json: v }),
    // Here, not in mutate(): a card whose order leaves the list shown is gone by then.
    onSuccess: async ({ message, order }) => {
      toast.success(message);
      const cut = isQueueCut(queryClient);
      const previous = applyOrderEvent(queryClient, order);
      // What to read again depends on the answer and on the queue before it: said here, with
      // the keys of query-keys.ts, rather than declared in `meta`.
      const keys: QueryKey[] = [sellerKeys.dashboardAll];
      if (cut && previous && inQueue(previous) && !inQueue(order)) keys.push(orderKeys.sellerOpen);
      if (order.status === "Cancelled") keys.push(productKeys.all);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: orderKeys.all,
          predicate: (query) => !holdsOrders(query.state.data),
        }),
        ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
    meta: { invalidatesOnError: [orderKeys.all, productKeys.all, sellerKeys.dashboardAll] },
  });
}
