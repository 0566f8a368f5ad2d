import {
  OPEN_QUEUE_LIMIT,
  SELLER_LIST_LIMIT,
  STALE_AFTER_MS,
  type Order,
} from "../../../../contract/order";
import { openStatuses, visibleStatuses, type OrderStatus } from "../../../../contract/order-status";
import { isOlder } from "../../../lib/order-cache";

/*
 * The seller's Orders page's filters (its `?status=`), the list each is read from, and how its
 * orders are ranked: plain rules, read by useSellerOrderFilters.
 */

export type Filter = "open" | OrderStatus | "refund-due";
/** A status's orders, as an empty list names them ("No orders being packed."). */
export const ordersIn: Record<OrderStatus, string> = {
  "Awaiting Payment": "orders awaiting payment",
  "Order Placed": "orders just placed",
  Packing: "orders being packed",
  "Out for Delivery": "orders out for delivery",
  Delivered: "delivered orders",
  Cancelled: "cancelled orders",
};
export const filters: { value: Filter; label: string }[] = [
  { value: "open", label: "All open" },
  ...visibleStatuses.map((s) => ({ value: s, label: s })),
  { value: "refund-due", label: "Refund due" },
  { value: "Awaiting Payment", label: "Awaiting payment" },
];

export function parseFilter(value: string | null): Filter {
  return filters.find((f) => f.value === value)?.value ?? "open";
}

const isOpen = (order: Order) => openStatuses.includes(order.status);
/** More than `STALE_AFTER_MS` past its promise at `now` (listed after the orders still in play). */
export const isStale = (order: Order, now: number) =>
  Date.parse(order.deliverBy) < now - STALE_AFTER_MS;
export function matches(order: Order, filter: Filter): boolean {
  if (filter === "open") return isOpen(order);
  if (filter === "refund-due") return order.refundDue;
  return order.status === filter;
}

/**
 * The server's list each filter is read from: the queue (every open order), the refunds owed, the
 * newest orders (history), the unpaid checkouts; and how many orders each answers at most (the
 * newest orders say themselves whether older ones exist).
 */
export type ListName = "queue" | "refunds" | "recent" | "awaiting";
export function listOf(filter: Filter): ListName {
  if (filter === "Awaiting Payment") return "awaiting";
  if (filter === "refund-due") return "refunds";
  if (filter === "Delivered" || filter === "Cancelled") return "recent";
  return "queue";
}
export const listLimit: Record<Exclude<ListName, "recent">, number> = {
  queue: OPEN_QUEUE_LIMIT,
  refunds: OPEN_QUEUE_LIMIT,
  awaiting: SELLER_LIST_LIMIT,
};

/**
 * Open orders by their promise, soonest (or most overdue) first, as of `now`; those more than
 * `STALE_AFTER_MS` past it after them, the most recent first, as the server ranks the queue (a
 * shop that leaves delivered cash orders open must still find today's at the top); then the
 * others, newest first.
 */
export function byUrgency(now: number) {
  return (a: Order, b: Order): number => {
    const aOpen = isOpen(a);
    const bOpen = isOpen(b);
    if (aOpen && bOpen) {
      const aStale = isStale(a, now);
      if (aStale !== isStale(b, now)) return aStale ? 1 : -1;
      const sooner = Date.parse(a.deliverBy) - Date.parse(b.deliverBy);
      return aStale ? -sooner : sooner;
    }
    if (aOpen !== bOpen) return aOpen ? -1 : 1;
    return Date.parse(b.createdAt) - Date.parse(a.createdAt);
  };
}

/**
 * The newest copy of each order across the page's lists: a list kept in the cache while another
 * filter was shown may hold an older copy (an event it did not hold the order for, a refresh it
 * missed); the copy with the longest history wins.
 */
export function newestCopies(lists: (Order[] | undefined)[]): Map<string, Order> {
  const byId = new Map<string, Order>();
  for (const order of lists.flatMap((list) => list ?? [])) {
    const kept = byId.get(order._id);
    if (!kept || isOlder(kept, order)) byId.set(order._id, order);
  }
  return byId;
}
