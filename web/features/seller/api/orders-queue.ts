import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { OpenCounts, Order, SellerOrderListResponse } from "../../../../contract/order";
import { isListed, openStatuses } from "../../../../contract/order-status";
import { apiFetch } from "../../../lib/api-client";
import { orderList } from "../../../lib/order-cache";
import { orderKeys } from "../../../lib/query-keys";
import { useAtMostEvery } from "../components/use-at-most-every";

/*
 * The lists of the seller's Orders page that are kept live: the queue of open orders with its
 * counts, the refunds owed, the checkouts awaiting payment.
 */

/** In the queue: listed, and open. */
export const inQueue = (order: Order) => isListed(order) && openStatuses.includes(order.status);

/** How many of `orders` are in each open status. */
function countByOpenStatus(orders: readonly Order[]): OpenCounts {
  const counts: OpenCounts = { "Order Placed": 0, Packing: 0, "Out for Delivery": 0 };
  for (const order of orders)
    if (order.status in counts) counts[order.status as keyof OpenCounts]++;
  return counts;
}

/**
 * The queue as read: the server's answer, and what it listed when it counted (live events then
 * add and drop orders; the counts move with them, useOpenOrdersTotal and useOpenStatusCounts).
 */
interface OpenQueueRead {
  orders: Order[];
  openTotal?: number;
  openCounts?: OpenCounts;
  listedWhenCounted: number;
  listedByStatusWhenCounted: OpenCounts;
}

const openQueue = {
  queryKey: orderKeys.sellerOpen,
  // Counted as the server listed them: orders given to the cache since move the counts after.
  ...orderList(inQueue, async (): Promise<OpenQueueRead> => {
    const answer = await apiFetch<SellerOrderListResponse>("/api/order/seller?open=true");
    return {
      ...answer,
      listedWhenCounted: answer.orders.length,
      listedByStatusWhenCounted: countByOpenStatus(answer.orders),
    };
  }),
};

/** Whether the server left open orders out of the queue as last read (past OPEN_QUEUE_LIMIT). */
export function isQueueCut(queryClient: QueryClient): boolean {
  const queue = queryClient.getQueryData<OpenQueueRead>(openQueue.queryKey);
  return queue?.openTotal !== undefined && queue.openTotal > queue.listedWhenCounted;
}

/** At most this often a cut queue is read again as orders leave it (useQueueRefill). */
export const QUEUE_REFILL_MS = 5_000;

/**
 * An `onOrder` for the seller's live stream where the queue is shown. Past `OPEN_QUEUE_LIMIT` the
 * server leaves out open orders (the stale ones first, then those promised last); events add the
 * orders placed since, but nothing else would bring in those left out as the ones listed go. So
 * while the queue is cut, an order leaving it (delivered or cancelled, here or on another device)
 * has it read again: at once, then at most once per QUEUE_REFILL_MS. (The seller's own move has
 * it read at once, useMoveOrder.)
 */
export function useQueueRefill(): (order: Order, previous: Order | undefined) => void {
  const queryClient = useQueryClient();
  const schedule = useAtMostEvery(QUEUE_REFILL_MS);
  return useCallback(
    (order, previous) => {
      const cut = isQueueCut(queryClient);
      if (!cut || !previous || !inQueue(previous) || inQueue(order)) return;
      schedule(
        () => void queryClient.invalidateQueries({ queryKey: openQueue.queryKey, exact: true }),
      );
    },
    [queryClient, schedule],
  );
}

/**
 * The live queue (`?open=true`): every open order, up to `OPEN_QUEUE_LIMIT`, however many orders
 * were placed and closed since the oldest: those still in play first, then those more than
 * `STALE_AFTER_MS` past their promise, which are the ones left out past the limit.
 */
export function useOpenOrders() {
  return useQuery({ ...openQueue, select: (b) => b.orders });
}

/**
 * How many orders are open in all, listed or not: the queue's last count, moved by the orders live
 * events have added to the queue or dropped from it since.
 */
export function useOpenOrdersTotal(): number | undefined {
  return useQuery({
    ...openQueue,
    select: (b) =>
      b.openTotal === undefined ? undefined : b.openTotal + b.orders.length - b.listedWhenCounted,
  }).data;
}

/**
 * How many orders are in each open status, listed or not: the queue's last count, moved by the
 * orders live events have added, moved or dropped since among those listed. For the status chips
 * once the queue is cut (below the cut, the lists count themselves).
 */
export function useOpenStatusCounts(): OpenCounts | undefined {
  return useQuery({
    ...openQueue,
    select: (b) => {
      if (!b.openCounts) return undefined;
      const now = countByOpenStatus(b.orders);
      const counts = { ...b.openCounts };
      for (const status of Object.keys(counts) as (keyof OpenCounts)[])
        counts[status] += now[status] - b.listedByStatusWhenCounted[status];
      return counts;
    },
  }).data;
}

/** Every paid order cancelled whose money is still to go back (`?refundDue=true`), oldest first. */
export function useRefundsOwed() {
  return useQuery({
    queryKey: orderKeys.refundDue,
    ...orderList(
      (order) => order.refundDue,
      () => apiFetch<SellerOrderListResponse>("/api/order/seller?refundDue=true"),
    ),
    select: (b) => b.orders,
  });
}

/**
 * Online checkouts still waiting for payment, holding stock until they are paid or lapse: not in
 * the queue (nothing to pack yet), shown on request so the seller sees what is held.
 */
export function useAwaitingPaymentOrders(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.awaitingPayment,
    ...orderList(
      (order) => order.status === "Awaiting Payment",
      () => apiFetch<SellerOrderListResponse>("/api/order/seller?status=Awaiting%20Payment"),
    ),
    select: (b) => b.orders,
    enabled,
    refetchInterval: enabled ? 30_000 : false,
  });
}
