import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
} from "react";
import { Link, useSearchParams } from "react-router";
import {
  OPEN_QUEUE_LIMIT,
  SELLER_LIST_LIMIT,
  STALE_AFTER_MS,
  type Order,
} from "../../../../contract/order";
import { openStatuses, visibleStatuses, type OrderStatus } from "../../../../contract/order-status";
import { useNow } from "../../../ui/countdown";
import { LoadError } from "../../../ui/load-error";
import { isOlder } from "../../../lib/order-cache";
import { useOrderEvents } from "../../../lib/use-order-events";
import { useShopTimeZone } from "../api/dashboard";
import {
  type HistoryStatus,
  useOrderHistory,
  useRecentOrders,
  useRecentOrdersEnd,
} from "../api/order-history";
import {
  useAwaitingPaymentOrders,
  useOpenOrders,
  useOpenOrdersTotal,
  useOpenStatusCounts,
  useQueueRefill,
  useRefundsOwed,
} from "../api/orders-queue";
import { useNewOrderAlerts, useOpenOrdersTitle } from "../components/order-alerts";
import { OrderCard, QueueClock } from "../components/order-card";
import { OrderExportForm } from "../components/order-export-form";
import { formatCount } from "../components/format-count";
import { SELLER_EVENTS_URL } from "../components/order-format";
import { useProductsFollowOrders } from "../components/products-follow-orders";
import { LiveBadge } from "../../../ui/live-badge";

type Filter = "open" | OrderStatus | "refund-due";
/** A status's orders, as an empty list names them ("No orders being packed."). */
const ordersIn: Record<OrderStatus, string> = {
  "Awaiting Payment": "orders awaiting payment",
  "Order Placed": "orders just placed",
  Packing: "orders being packed",
  "Out for Delivery": "orders out for delivery",
  Delivered: "delivered orders",
  Cancelled: "cancelled orders",
};
const filters: { value: Filter; label: string }[] = [
  { value: "open", label: "All open" },
  ...visibleStatuses.map((s) => ({ value: s, label: s })),
  { value: "refund-due", label: "Refund due" },
  { value: "Awaiting Payment", label: "Awaiting payment" },
];

function parseFilter(value: string | null): Filter {
  return filters.find((f) => f.value === value)?.value ?? "open";
}

const isOpen = (order: Order) => openStatuses.includes(order.status);
/** More than `STALE_AFTER_MS` past its promise at `now` (listed after the orders still in play). */
const isStale = (order: Order, now: number) => Date.parse(order.deliverBy) < now - STALE_AFTER_MS;
function matches(order: Order, filter: Filter): boolean {
  if (filter === "open") return isOpen(order);
  if (filter === "refund-due") return order.refundDue;
  return order.status === filter;
}

/**
 * The server's list each filter is read from: the queue (every open order), the refunds owed, the
 * newest orders (history), the unpaid checkouts; and how many orders each answers at most (the
 * newest orders say themselves whether older ones exist).
 */
type ListName = "queue" | "refunds" | "recent" | "awaiting";
function listOf(filter: Filter): ListName {
  if (filter === "Awaiting Payment") return "awaiting";
  if (filter === "refund-due") return "refunds";
  if (filter === "Delivered" || filter === "Cancelled") return "recent";
  return "queue";
}
const listLimit: Record<Exclude<ListName, "recent">, number> = {
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
function byUrgency(now: number) {
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
 * Cards a long queue draws at once (a phone's screen and more, four desktop columns of six rows);
 * the rest follow in a render React does in short slices, so that opening a queue of 500 is not
 * one long task (decision 026).
 */
export const FIRST_CARDS = 24;

/**
 * The newest copy of each order across the page's lists: a list kept in the cache while another
 * filter was shown may hold an older copy (an event it did not hold the order for, a refresh it
 * missed); the copy with the longest history wins.
 */
function newestCopies(lists: (Order[] | undefined)[]): Map<string, Order> {
  const byId = new Map<string, Order>();
  for (const order of lists.flatMap((list) => list ?? [])) {
    const kept = byId.get(order._id);
    if (!kept || isOlder(kept, order)) byId.set(order._id, order);
  }
  return byId;
}

/** /seller/orders: the live queue. New orders arrive without a reload, with a toast and a beep. */
export function SellerOrdersPage() {
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
  const productsFollow = useProductsFollowOrders();
  const queueRefill = useQueueRefill();
  const live = useOrderEvents(SELLER_EVENTS_URL, (order, previous) => {
    productsFollow(order, previous);
    queueRefill(order, previous);
  });
  const timeZone = useShopTimeZone();
  // Read again when an order newer than any before comes in, so that it counts from now (the
  // labels of every card are drawn again then, as at a tick; not at every move).
  const newestOpen = lists.queue.data?.reduce(
    (newest, order) => (order.createdAt > newest ? order.createdAt : newest),
    "",
  );
  const now = useNow(undefined, newestOpen);
  useNewOrderAlerts(lists.queue.data);
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
  useOpenOrdersTitle(queueCut ?? ordersOf("open")?.length);
  const source = lists[listOf(filter)];
  const shown = (ordersOf(filter) ?? []).sort(byUrgency(now));
  const staleShown =
    listOf(filter) === "queue" ? shown.filter((order) => isStale(order, now)).length : 0;
  const historyFull = listOf(filter) === "recent" && Boolean(recentEnd.data);
  // A long list comes in two renders: its first cards now, all of them a moment later; so does a
  // list another filter brings. Once a filter's list has been drawn whole, every card is drawn at
  // every render: a card still in the list is never taken out for a moment (it would lose its
  // focus and a move on its way), and an order that comes in is drawn at once.
  const deferredFilter = useDeferredValue(filter);
  const deferredCount = useDeferredValue(shown.length, Math.min(shown.length, FIRST_CARDS));
  // (Not while the list is on its way: its orders would all come at once then.)
  const caughtUp =
    source.data !== undefined && deferredFilter === filter && deferredCount >= shown.length;
  const [wholeFor, setWholeFor] = useState<Filter | null>(null);
  useEffect(() => {
    if (caughtUp) setWholeFor(filter);
  }, [caughtUp, filter]);
  const upTo =
    wholeFor === filter || caughtUp
      ? shown.length
      : deferredFilter === filter
        ? Math.max(FIRST_CARDS, deferredCount)
        : FIRST_CARDS;
  const drawn = shown.length > upTo ? shown.slice(0, upTo) : shown;

  // A card that left the list (its order moved on) while holding the focus: the focus goes to the
  // card now in its place (or the last one), on its first action, or else to the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusLostAt = useRef<number | null>(null);
  // The orders as last drawn: a card leaving runs its cleanup before this is updated, so it finds
  // its place in the list it leaves. The cards get one callback for good (they are memoised).
  const drawnIds = useRef<string[]>([]);
  useLayoutEffect(() => {
    drawnIds.current = drawn.map((order) => order._id);
  });
  const onLeaveWithFocus = useCallback((orderId: string) => {
    focusLostAt.current = drawnIds.current.indexOf(orderId);
  }, []);
  useLayoutEffect(() => {
    const at = focusLostAt.current;
    if (at === null) return;
    focusLostAt.current = null;
    const cards = list.current?.querySelectorAll(":scope > li") ?? [];
    const next = cards[Math.min(at, cards.length - 1)]?.querySelector<HTMLElement>("button");
    (next ?? heading.current)?.focus();
  });

  return (
    <section className="space-y-4 p-4 md:p-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-lg font-medium outline-none">
          Orders List
        </h1>
        <LiveBadge state={live} pulse stale={source.isError && source.data !== undefined} />
      </div>
      <nav aria-label="Filter orders by status" className="flex flex-wrap gap-2">
        {filters.map((f) => {
          const count = countOf(f.value);
          const active = f.value === filter;
          // Money the shop owes stands out until it is paid back.
          const owed = f.value === "refund-due" && count !== undefined && count !== "0";
          const look = active
            ? "border-primary bg-primary text-white"
            : owed
              ? "border-red-300 font-medium text-red-700 hover:bg-red-50"
              : "border-gray-300 hover:bg-gray-100";
          return (
            <Link
              key={f.value}
              to={{ search: f.value === "open" ? "" : `?status=${encodeURIComponent(f.value)}` }}
              aria-current={active ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm md:min-h-9 ${look}`}
            >
              {f.label}
              {(count !== undefined || reads(listOf(f.value))) && (
                // The count's place, kept while its list loads and as wide as "(00)" at least: the
                // pills do not grow, nor the row wrap, as the counts come in.
                <span className="ml-1.5 inline-grid justify-items-start tabular-nums">
                  <span
                    aria-hidden="true"
                    className="invisible col-start-1 row-start-1 before:content-['(00)']"
                  />
                  {count !== undefined && (
                    <span className="col-start-1 row-start-1">({count})</span>
                  )}
                </span>
              )}
            </Link>
          );
        })}
      </nav>
      <details className="max-w-5xl rounded border border-gray-200 p-3">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-medium md:min-h-0">
          Export orders as CSV
        </summary>
        <div className="mt-3">
          <OrderExportForm timeZone={timeZone} />
        </div>
      </details>
      {source.isPending ? (
        <div className="space-y-3" role="progressbar" aria-busy="true" aria-label="Loading orders">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-32 max-w-5xl animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : source.isError && !source.data ? (
        <LoadError what="orders" onRetry={() => void source.refetch()} />
      ) : (
        <>
          {staleShown > 0 ? (
            <p className="max-w-5xl text-sm text-gray-700">
              {queueCut !== undefined &&
                `Showing ${formatCount(lists.queue.data!.length)} of ${formatCount(queueCut)} open orders; the rest are older still. `}
              {staleShown === 1
                ? "1 order more than a day past its promise is listed last."
                : `${formatCount(staleShown)} orders more than a day past their promise are listed last.`}{" "}
              If they were delivered, mark them Delivered to clear the queue.
            </p>
          ) : (
            // Cut with every order in play (a rush): those left out are the ones promised last.
            queueCut !== undefined &&
            listOf(filter) === "queue" && (
              <p className="max-w-5xl text-sm text-gray-700">
                Showing the {formatCount(lists.queue.data!.length)} of {formatCount(queueCut)} open
                orders promised soonest; the others come in as these are delivered or cancelled.
              </p>
            )
          )}
          {shown.length === 0 ? (
            <p className="text-gray-600">
              {filter === "open"
                ? "No open orders right now. New orders appear here as shoppers buy."
                : filter === "refund-due"
                  ? "No refunds owed."
                  : historyFull && !historyShown
                    ? `No ${ordersIn[filter]} among the newest ${SELLER_LIST_LIMIT}.`
                    : `No ${ordersIn[filter]}.`}
            </p>
          ) : (
            <QueueClock value={now}>
              <ul ref={list} className="flex flex-col gap-4" aria-label="Orders">
                {drawn.map((order) => (
                  <li
                    key={order._id}
                    className="queue-card"
                    // Back finds the card again, where it was on screen (web/app/scroll-memory.ts).
                    data-scroll-anchor={order._id}
                    style={{ "--items": order.items.length } as CSSProperties}
                  >
                    <OrderCard
                      order={order}
                      timeZone={timeZone}
                      onLeaveWithFocus={onLeaveWithFocus}
                    />
                  </li>
                ))}
              </ul>
            </QueueClock>
          )}
          {historyStatus !== undefined && (historyFull || historyShown) && (
            <OlderOrders
              status={historyStatus}
              asked={asked}
              shown={shown.length}
              history={history}
              onAsk={askHistory}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * Below a history the newest orders cut short: the button that reads it further back, a page at
 * a time, and a status line that says where it stands (read out as it changes). When the last
 * page has come, the button goes and the focus it had moves to that line.
 */
function OlderOrders({
  status,
  asked,
  shown,
  history,
  onAsk,
}: {
  status: HistoryStatus;
  asked: boolean;
  shown: number;
  history: ReturnType<typeof useOrderHistory>;
  onAsk: () => void;
}) {
  const loading = asked && history.isFetching;
  const failed = asked && history.isError && !loading;
  const done = asked && history.data !== undefined && !history.hasNextPage && !failed;
  const line = useRef<HTMLParagraphElement>(null);
  // Whether the button had the focus when last pressed (it goes once the last page is in).
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    if (done && hadFocus.current) line.current?.focus();
  }, [done]);
  const says = failed
    ? "Could not load older orders. Try again."
    : loading
      ? `Loading older ${status} orders…`
      : done
        ? `Every ${status} order is shown.`
        : asked
          ? `Showing the newest ${shown} ${status} orders.`
          : `Showing ${status} orders among the newest ${SELLER_LIST_LIMIT} orders.`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {!done && (
        <button
          type="button"
          onClick={(event) => {
            hadFocus.current = document.activeElement === event.currentTarget;
            if (!loading) onAsk();
          }}
          aria-disabled={loading}
          className="min-h-11 rounded border border-gray-300 px-4 text-sm hover:bg-gray-100 aria-disabled:cursor-progress aria-disabled:opacity-60 md:min-h-9"
        >
          {`Show older ${status} orders`}
        </button>
      )}
      <p ref={line} role="status" tabIndex={-1} className="text-sm text-gray-600 outline-none">
        {says}
      </p>
    </div>
  );
}
