import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { SELLER_LIST_LIMIT, type Order } from "../../../../contract/order";
import { useNow } from "../../../ui/countdown";
import { useOrderHistory, useRecentOrders, useRecentOrdersEnd } from "../api/order-history";
import {
  useAwaitingPaymentOrders,
  useOpenOrders,
  useOpenOrdersTotal,
  useOpenStatusCounts,
  useRefundsOwed,
} from "../api/orders-queue";
import { formatCount } from "./format-count";
import {
  byUrgency,
  isStale,
  listLimit,
  listOf,
  matches,
  newestCopies,
  parseFilter,
  type Filter,
  type ListName,
} from "./seller-order-filters";

/**
 * The state of the seller's Orders page: the filter of its URL, the lists it reads (the queue and
 * the refunds always, another for its own filters), the history of a finished status read further
 * back on request, and what follows from them: the orders shown, most urgent first as of `now`,
 * and each filter's count.
 */
export function useSellerOrderFilters() {
  const [params] = useSearchParams();
  const filter = parseFilter(params.get("status"));
  const lists = {
    queue: useOpenOrders(),
    refunds: useRefundsOwed(),
    recent: useRecentOrders(listOf(filter) === "recent"),
    awaiting: useAwaitingPaymentOrders(filter === "Awaiting Payment"),
  };
  // Delivered and Cancelled come from the newest orders; asked for, every older one of that status
  // follows, a page at a time.
  const historyStatus = filter === "Delivered" || filter === "Cancelled" ? filter : undefined;
  const [historyAsked, setHistoryAsked] = useState<ReadonlySet<Filter>>(new Set());
  const asked = historyStatus !== undefined && historyAsked.has(historyStatus);
  const recentEnd = useRecentOrdersEnd(listOf(filter) === "recent");
  const history = useOrderHistory(historyStatus ?? "Delivered", asked);
  const askHistory = () => {
    if (!asked) setHistoryAsked(new Set([...historyAsked, filter]));
    else if (history.data) void history.fetchNextPage();
    else void history.refetch();
  };
  const historyShown = asked && history.data !== undefined;
  const older = historyShown ? history.data.pages.flatMap((page) => page.orders) : [];
  // The history's first page starts at the newest order of its status, so it overlaps the newest
  // orders (reading on from where they end would leave a gap once they are read again): a page
  // that brought fewer than a quarter of a page of orders not shown before is followed by the
  // next, so that each press shows a batch of older orders.
  const lastPage = history.data?.pages.at(-1);
  const recentIds = new Set(lists.recent.data?.map((order) => order._id));
  const broughtFew =
    historyShown &&
    lastPage !== undefined &&
    lastPage.orders.filter((o) => !recentIds.has(o._id)).length < SELLER_LIST_LIMIT / 4;
  useEffect(() => {
    if (broughtFew && history.hasNextPage && !history.isFetching) void history.fetchNextPage();
  }, [broughtFew, history]);
  // Read again when an order newer than any before comes in, so that it counts from now (the
  // labels of every card are drawn again then, as at a tick; not at every move).
  const newestOpen = lists.queue.data?.reduce(
    (newest, order) => (order.createdAt > newest ? order.createdAt : newest),
    "",
  );
  const now = useNow(undefined, newestOpen);
  const newest = newestCopies([...Object.values(lists).map((list) => list.data), older]);
  /**
   * A filter's orders: those of its own list (never another's, which may be an old cache), and of
   * its history once read, each once, in its newest copy, if that still matches; undefined until
   * the list has loaded.
   */
  const ordersOf = (f: Filter): Order[] | undefined => {
    const own = lists[listOf(f)].data;
    if (!own) return undefined;
    // An old order that changed since is in both (an event adds it to the newest orders, which
    // then hold its newer copy): shown once.
    const ownIds = new Set(own.map((order) => order._id));
    const fromHistory = f === historyStatus ? older.filter((o) => !ownIds.has(o._id)) : [];
    return [...own, ...fromHistory]
      .map((order) => newest.get(order._id) ?? order)
      .filter((order) => matches(order, f));
  };
  // Past OPEN_QUEUE_LIMIT the queue leaves stale orders out; the server counts every open one.
  const openTotal = useOpenOrdersTotal();
  const queueCut =
    openTotal !== undefined && openTotal > (lists.queue.data?.length ?? 0) ? openTotal : undefined;
  // And each open status, for its chip once the queue is cut.
  const statusCounts = useOpenStatusCounts();
  const countOf = (f: Filter): string | undefined => {
    const orders = ordersOf(f);
    if (!orders) return undefined;
    if (queueCut !== undefined) {
      if (f === "open") return formatCount(queueCut);
      if (statusCounts && f in statusCounts)
        return formatCount(statusCounts[f as keyof typeof statusCounts]);
    }
    const list = listOf(f);
    const full =
      f === historyStatus && historyShown
        ? history.hasNextPage
        : list === "recent"
          ? Boolean(recentEnd.data)
          : lists[list].data!.length >= listLimit[list];
    return full ? `${orders.length}+` : String(orders.length);
  };
  // The lists the page reads now: the queue and the refunds always, another for its own filters.
  const reads = (l: ListName) => l === "queue" || l === "refunds" || l === listOf(filter);
  const source = lists[listOf(filter)];
  const shown = (ordersOf(filter) ?? []).sort(byUrgency(now));
  const staleShown =
    listOf(filter) === "queue" ? shown.filter((order) => isStale(order, now)).length : 0;
  const historyFull = listOf(filter) === "recent" && Boolean(recentEnd.data);
  return {
    filter,
    queue: lists.queue.data,
    source,
    shown,
    now,
    ordersOf,
    countOf,
    reads,
    queueCut,
    staleShown,
    historyStatus,
    historyAsked: asked,
    historyShown,
    historyFull,
    history,
    askHistory,
  };
}
