import { Link, useSearchParams } from "react-router";
import { SELLER_LIST_LIMIT, type Order } from "../../../../contract/order";
import { openStatuses, visibleStatuses, type OrderStatus } from "../../../../contract/order-status";
import { useNow } from "../../../ui/countdown";
import { LoadError } from "../../../ui/load-error";
import { isOlder, useOrderEvents } from "../../../ui/use-order-events";
import { useAwaitingPaymentOrders, useOpenOrders, useRecentOrders } from "../api";
import { useNewOrderAlerts, useOpenOrdersTitle } from "../components/order-alerts";
import { OrderCard } from "../components/order-card";
import { OrderExportForm } from "../components/order-export-form";
import { SELLER_EVENTS_URL } from "../components/order-format";
import { LiveBadge } from "../../../ui/live-badge";

type Filter = "open" | OrderStatus;
const filters: { value: Filter; label: string }[] = [
  { value: "open", label: "All open" },
  ...visibleStatuses.map((s) => ({ value: s, label: s })),
  { value: "Awaiting Payment", label: "Awaiting payment" },
];

function parseFilter(value: string | null): Filter {
  return filters.find((f) => f.value === value)?.value ?? "open";
}

const isOpen = (order: Order) => openStatuses.includes(order.status);
const matches = (order: Order, filter: Filter) =>
  filter === "open" ? isOpen(order) : order.status === filter;

/** Open orders by their promise, soonest (or most overdue) first; others newest first. */
function byUrgency(a: Order, b: Order): number {
  const aOpen = isOpen(a);
  const bOpen = isOpen(b);
  if (aOpen && bOpen) return Date.parse(a.deliverBy) - Date.parse(b.deliverBy);
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/**
 * The orders of several lists, each once: an order can sit in two of them (an online order paid
 * while the awaiting-payment list was loaded), and the newest copy is the one kept.
 */
function eachOnce(orders: Order[]): Order[] {
  const byId = new Map<string, Order>();
  for (const order of orders) {
    const kept = byId.get(order._id);
    if (!kept || isOlder(kept, order)) byId.set(order._id, order);
  }
  return [...byId.values()];
}

/** /seller/orders: the live queue. New orders arrive without a reload, with a toast and a beep. */
export function SellerOrdersPage() {
  const queue = useOpenOrders();
  const live = useOrderEvents(SELLER_EVENTS_URL);
  const [params] = useSearchParams();
  const filter = parseFilter(params.get("status"));
  const now = useNow();
  useNewOrderAlerts(queue.data);
  const closedFilter = filter === "Delivered" || filter === "Cancelled";
  const recent = useRecentOrders(closedFilter);
  const awaiting = useAwaitingPaymentOrders(filter === "Awaiting Payment");
  const all = eachOnce([...(queue.data ?? []), ...(recent.data ?? []), ...(awaiting.data ?? [])]);
  useOpenOrdersTitle(queue.data ? all.filter(isOpen).length : undefined);
  const shown = all.filter((o) => matches(o, filter)).sort(byUrgency);
  // The list the chosen filter is read from; the others only add what they hold.
  const source = filter === "Awaiting Payment" ? awaiting : closedFilter ? recent : queue;
  const recentFull = (recent.data?.length ?? 0) >= SELLER_LIST_LIMIT;
  const countOf = (f: Filter): string | undefined => {
    const from =
      f === "Awaiting Payment" ? awaiting : f === "Delivered" || f === "Cancelled" ? recent : queue;
    if (!from.data) return undefined;
    const count = all.filter((o) => matches(o, f)).length;
    return from === recent && recentFull ? `${count}+` : String(count);
  };

  return (
    <section className="space-y-4 p-4 md:p-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-medium">Orders List</h1>
        <LiveBadge state={live} pulse stale={source.isError && source.data !== undefined} />
      </div>
      <nav aria-label="Filter orders by status" className="flex flex-wrap gap-2">
        {filters.map((f) => {
          const count = countOf(f.value);
          const active = f.value === filter;
          return (
            <Link
              key={f.value}
              to={{ search: f.value === "open" ? "" : `?status=${encodeURIComponent(f.value)}` }}
              aria-current={active ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm md:min-h-9 ${active ? "border-primary bg-primary text-white" : "border-gray-300 hover:bg-gray-100"}`}
            >
              {f.label}
              {count !== undefined && <span className="ml-1.5">({count})</span>}
            </Link>
          );
        })}
      </nav>
      <details className="max-w-5xl rounded border border-gray-200 p-3">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-medium md:min-h-0">
          Export orders as CSV
        </summary>
        <div className="mt-3">
          <OrderExportForm />
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
      ) : shown.length === 0 ? (
        <p className="text-gray-600">
          {filter === "open"
            ? "No open orders right now. New orders appear here as shoppers buy."
            : `No orders in ${filter}.`}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-4" aria-label="Orders">
            {shown.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} now={now} />
              </li>
            ))}
          </ul>
          {closedFilter && recentFull && (
            <p className="text-sm text-gray-600">
              {`${filter} orders among the newest ${SELLER_LIST_LIMIT} orders. Export orders as CSV for every order of a period.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}
