import { replaceEqualDeep, type QueryClient } from "@tanstack/react-query";
import type { Order } from "../../contract/order";
import { isListed } from "../../contract/order-status";
import { orderKeys } from "./query-keys";

/**
 * The order caches kept current by what the server says of an order (api-contract.md, "Live
 * events"): a live event (use-order-events.ts), a move's or a cancel's answer. Caches it keeps
 * current: every query under `orderKeys.all` whose data holds `orders: Order[]` (the lists: the
 * order is replaced, added at the top, or dropped when the list does not hold it, as its `meta`
 * says: `orderListMeta`) or `order: Order` with the same id (the detail page, `orderKeys.detail`);
 * and a copy held by the orders read page by page.
 */

/**
 * A list query's `meta`: which orders the list holds, so that an event adds an order to the
 * lists it now belongs to and drops it from the others (a list without it holds `isListed`
 * orders); and that its page shows a failed refresh itself (`LiveBadge`'s `stale`), so no toast
 * is needed while the orders it had stay on screen (`quietRefresh`, see query-client.ts).
 */
export function orderListMeta(holds: (order: Order) => boolean) {
  return { holds, quietRefresh: true };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
const hasId = (value: unknown): value is { _id: string } =>
  isPlainObject(value) && typeof value._id === "string";

/**
 * A list query's `structuralSharing`: every order that did not change keeps its object, wherever
 * it now stands in the list, so that a memoised card is drawn again only for its own order.
 * TanStack Query's default (`replaceEqualDeep`) compares arrays place by place: an order added
 * at the top of a list (a live event) or dropped from its middle, or a list read again in
 * another order than the cache's, gave every order after it a new object. Arrays of objects with
 * an `_id` are matched by id (each pair then by `replaceEqualDeep`); all else as by default.
 */
export function keepOrdersById(previous: unknown, next: unknown): unknown {
  if (Array.isArray(previous) && Array.isArray(next) && next.every(hasId)) {
    const byId = new Map<string, unknown>();
    for (const item of previous) if (hasId(item)) byId.set(item._id, item);
    let same = previous.length === next.length;
    const shared = next.map((item, i) => {
      const kept = byId.get(item._id);
      const copy = kept === undefined ? item : replaceEqualDeep(kept, item);
      if (copy !== previous[i]) same = false;
      return copy;
    });
    return same ? previous : shared;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    let same = Object.keys(previous).length === Object.keys(next).length;
    const shared: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(next)) {
      shared[key] = keepOrdersById(previous[key], value);
      if (shared[key] !== previous[key] || !(key in previous)) same = false;
    }
    return same ? previous : shared;
  }
  return replaceEqualDeep(previous, next);
}

/**
 * A list query's options under `["orders", ...]` that holds `holds` orders, read with `read`: its
 * `meta` (orderListMeta), its `queryFn` (readingOrders) and its `structuralSharing`
 * (keepOrdersById), which must agree.
 */
export function orderList<T>(holds: (order: Order) => boolean, read: () => Promise<T>) {
  return {
    queryFn: readingOrders(read, holds),
    meta: orderListMeta(holds),
    structuralSharing: keepOrdersById,
  };
}

function holdsOf(meta: Record<string, unknown> | undefined): (order: Order) => boolean {
  const holds = meta?.holds;
  return typeof holds === "function" ? (holds as (order: Order) => boolean) : isListed;
}

/**
 * Whether `incoming` is an older copy of the order than `cached`, which it must not replace. A copy
 * carries the history up to its event, so a shorter history is older; the one change that adds no
 * history is a refund (`refundedAt` set), so of two copies as long, one not refunded is older
 * than one refunded (a cancellation's event or answer arriving after the refund's).
 */
export function isOlder(incoming: Order, cached: Order): boolean {
  if (incoming.history.length !== cached.history.length)
    return incoming.history.length < cached.history.length;
  return incoming.refundedAt === null && cached.refundedAt !== null;
}

/**
 * Whether a query's data is one applyOrderEvent keeps current: a list of orders (`orders`) or one
 * order (`order`).
 */
export function holdsOrders(data: unknown): boolean {
  if (!data || typeof data !== "object") return false;
  return ("orders" in data && Array.isArray(data.orders)) || "order" in data;
}

/**
 * `data` (a list query's `{ orders }`, or a detail's `{ order }`) with `order` put in: replaced,
 * added at the top, or dropped, as `holds` says; `next` is undefined when nothing changes, and
 * `cached` is the copy that was there.
 */
function withOrder(
  data: unknown,
  order: Order,
  holds: (order: Order) => boolean,
): { next?: unknown; cached?: Order } {
  if (!data || typeof data !== "object") return {};
  if ("orders" in data && Array.isArray(data.orders)) {
    const list = data.orders as Order[];
    const index = list.findIndex((o) => o._id === order._id);
    const cached = index >= 0 ? list[index] : undefined;
    if (cached && isOlder(order, cached)) return { cached };
    let next: Order[];
    if (!holds(order)) {
      if (index < 0) return {};
      next = list.filter((o) => o._id !== order._id);
    } else if (index >= 0) next = list.map((o, i) => (i === index ? order : o));
    else next = [order, ...list];
    return { next: { ...data, orders: next }, cached };
  }
  if ("order" in data && (data.order as Order | undefined)?._id === order._id) {
    const cached = data.order as Order;
    return isOlder(order, cached) ? { cached } : { next: { ...data, order }, cached };
  }
  return {};
}

/** Where orders read page by page are kept (useOlderOrders, the seller's useOrderHistory). */
const PAGED_ORDER_KEYS = [orderKeys.olderAll, orderKeys.historyAll];

/** Infinite query `data` with its copy of `order`, if any, replaced (unless older). */
function withOrderInPages(data: unknown, order: Order): unknown {
  if (!data || typeof data !== "object" || !("pages" in data) || !Array.isArray(data.pages))
    return undefined;
  let changed = false;
  const pages = (data.pages as unknown[]).map((page) => {
    // Only a page that holds it: replaced there, never added.
    const sameOrder = (o: Order) => o._id === order._id;
    if (!isPlainObject(page) || !Array.isArray(page.orders) || !page.orders.some(sameOrder))
      return page;
    const { next } = withOrder(page, order, () => true);
    if (next === undefined) return page;
    changed = true;
    return next;
  });
  return changed ? { ...data, pages } : undefined;
}

/**
 * The orders each query client's caches were given lately (applyOrderEvent), by id, each with a
 * number that grows with every one: a read of an order list under way meanwhile was answered
 * before them (`readingOrders`).
 */
const appliedByClient = new WeakMap<
  QueryClient,
  { count: number; orders: Map<string, { order: Order; number: number; at: number }> }
>();
/** How long an order given to the caches is kept for the reads under way: longer than any read. */
const APPLIED_KEPT_MS = 60_000;

function appliedOf(client: QueryClient) {
  let applied = appliedByClient.get(client);
  if (!applied) appliedByClient.set(client, (applied = { count: 0, orders: new Map() }));
  return applied;
}

/** Puts `order` into every order cache; answers the copy that was there before, if any. */
export function applyOrderEvent(queryClient: QueryClient, order: Order): Order | undefined {
  let previous: Order | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.all })) {
    const { next, cached } = withOrder(query.state.data, order, holdsOf(query.meta));
    previous ??= cached;
    if (next !== undefined) queryClient.setQueryData(query.queryKey, next);
  }
  // Orders read page by page (the shopper's older orders, the seller's history) are kept apart
  // from the lists above, and never refreshed by events or polls: a copy they hold is replaced.
  for (const key of PAGED_ORDER_KEYS)
    for (const query of queryClient.getQueryCache().findAll({ queryKey: key })) {
      const next = withOrderInPages(query.state.data, order);
      if (next !== undefined) queryClient.setQueryData(query.queryKey, next);
    }
  const applied = appliedOf(queryClient);
  const now = Date.now();
  applied.orders.delete(order._id);
  applied.orders.set(order._id, { order, number: ++applied.count, at: now });
  for (const [id, { at }] of applied.orders) {
    if (now - at <= APPLIED_KEPT_MS) break;
    applied.orders.delete(id);
  }
  return previous;
}

/**
 * A `queryFn` for a query under `["orders"]` that holds `holds` orders, reading with `read`. The
 * server wrote its answer before any order the caches were given while it was on its way (a live
 * event, a move's or a cancel's answer): those are put into the answer as applyOrderEvent puts
 * them into the cache, so that a read does not take back a move the page already shows, or drop
 * an order placed meanwhile (a read of the seller's 500 orders takes a moment, during a rush).
 */
export function readingOrders<T>(
  read: () => Promise<T>,
  holds: (order: Order) => boolean = isListed,
): (context: { client: QueryClient }) => Promise<T> {
  return async ({ client }) => {
    const since = appliedOf(client).count;
    let data: unknown = await read();
    for (const { order, number } of appliedOf(client).orders.values())
      if (number > since) data = withOrder(data, order, holds).next ?? data;
    return data as T;
  };
}
