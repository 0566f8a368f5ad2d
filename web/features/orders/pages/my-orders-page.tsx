import { useEffect, useRef, useState } from "react";
import { chargesLine } from "../../../ui/order-charges";
import { Link } from "react-router";
import type { Order } from "../../../../contract/order";
import { useStore } from "../../../lib/store";
import { LoadError } from "../../../ui/load-error";
import { formatRupees } from "../../../../contract/money";
import { useOrderEvents } from "../../../lib/use-order-events";
import { SHOPPER_EVENTS_URL, useMyOrders, useOlderOrders } from "../api";
import { CancelOrderButton } from "../components/cancel-order-button";
import { CancelReason } from "../components/cancel-reason";
import { DeliveryCountdown } from "../components/delivery-countdown";
import { LiveBadge } from "../../../ui/live-badge";
import { LoginPrompt } from "../components/login-prompt";
import { OrderAgainButton } from "../components/order-again-button";
import { OrderItems } from "../components/order-items";
import { orderNumber, paymentMethod, paymentStatus } from "../../../ui/order-words";
import { usePageTitle } from "../../../ui/page-title";

const steps = ["Order Placed", "Packing", "Out for Delivery", "Delivered"] as const;
const date = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

export function MyOrdersPage() {
  const { user, sessionChecked } = useStore();
  const orders = useMyOrders(Boolean(user));
  // Older orders, read a page at a time from where the newest end once this shopper asks.
  const [askedBy, setAskedBy] = useState<string | null>(null);
  const askingUser = user && askedBy === user._id ? user._id : undefined;
  const asked = askingUser !== undefined;
  const older = useOlderOrders(askingUser, orders.data?.nextCursor);
  const newest = orders.data?.orders;
  const newestIds = new Set(newest?.map((o) => o._id));
  const shown = [
    ...(newest ?? []),
    ...((asked && older.data?.pages.flatMap((page) => page.orders)) || []).filter(
      (o) => !newestIds.has(o._id),
    ),
  ];
  const moreToRead = asked ? older.hasNextPage : Boolean(orders.data?.nextCursor);
  const readOlder = () => {
    if (!asked) setAskedBy(user?._id ?? null);
    else if (older.isError && !older.data) void older.refetch();
    else void older.fetchNextPage();
  };
  // The button goes with the last page: the keyboard's place moves to the line saying so.
  const endLine = useRef<HTMLParagraphElement>(null);
  const readAll = asked && older.data !== undefined && !older.hasNextPage && !older.isFetching;
  useEffect(() => {
    if (readAll && document.activeElement === document.body) endLine.current?.focus();
  }, [readAll]);
  usePageTitle("My orders");
  const live = useOrderEvents(user ? SHOPPER_EVENTS_URL : null);

  // The spec: failing to load orders only logs (no toast).
  useEffect(() => {
    if (orders.error) console.error("Could not load orders", orders.error);
  }, [orders.error]);

  if (!sessionChecked) {
    return (
      <div
        className="mt-12 h-48 max-w-4xl animate-pulse rounded-lg bg-gray-100"
        role="progressbar"
        aria-busy="true"
        aria-label="Loading orders"
      />
    );
  }
  if (!user) {
    return <LoginPrompt title="My Orders" text="Log in to see your orders." />;
  }
  return (
    <section className="mt-12 pb-16">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-medium uppercase">My orders</h1>
        <LiveBadge state={live} stale={orders.isError && orders.data !== undefined} />
      </div>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      {orders.isPending ? (
        <div
          className="mt-6 h-48 max-w-4xl animate-pulse rounded-lg bg-gray-100"
          role="progressbar"
          aria-busy="true"
          aria-label="Loading orders"
        />
      ) : orders.isError && !orders.data ? (
        <LoadError what="your orders" onRetry={() => void orders.refetch()} />
      ) : shown.length === 0 ? (
        <p className="mt-8 text-gray-600">
          No orders yet.{" "}
          <Link to="/products" className="text-primary underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-6 flex max-w-4xl flex-col gap-6">
            {shown.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <div className="mt-6 flex max-w-4xl flex-wrap items-center gap-3" aria-live="polite">
            {(moreToRead || (older.isError && !older.isFetching)) && (
              <button
                type="button"
                onClick={readOlder}
                disabled={older.isFetching}
                className="min-h-11 rounded border border-gray-300 px-5 text-sm hover:bg-gray-50 disabled:cursor-wait disabled:opacity-60"
              >
                {older.isError ? "Try again" : "Show older orders"}
              </button>
            )}
            {older.isFetching ? (
              <p className="text-sm text-gray-600">Loading older orders…</p>
            ) : older.isError ? (
              <p className="text-sm text-red-700">Could not load older orders.</p>
            ) : (
              readAll && (
                <p ref={endLine} tabIndex={-1} className="text-sm text-gray-600 outline-none">
                  That is every order you have placed.
                </p>
              )
            )}
          </div>
        </>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const past = order.status === "Delivered" || order.status === "Cancelled";
  const step = steps.indexOf(order.status as (typeof steps)[number]);
  const number = orderNumber(order._id);
  return (
    <article className="rounded-lg border border-gray-300 p-4" aria-label={`Order ${number}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-500">
        <Link
          to={`/my-orders/${encodeURIComponent(order._id)}`}
          className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-2 hover:underline md:min-h-0"
        >
          Order: {number}
          <span aria-hidden="true" className="ml-1">
            ›
          </span>
        </Link>
        <span>
          Payment: {paymentMethod(order)} · {paymentStatus(order)}
        </span>
        <span className="font-medium text-gray-800">Total: {formatRupees(order.amount)}</span>
      </div>
      <p className="mt-1 text-sm text-gray-500">{chargesLine(order)}</p>
      <p className="mt-1 text-sm text-gray-500">Placed {date.format(new Date(order.createdAt))}</p>
      <p className="mt-2 font-medium" data-testid="order-status">
        Status:{" "}
        <span className={order.status === "Cancelled" ? "text-red-600" : "text-primary"}>
          {order.status}
        </span>
      </p>
      <CancelReason order={order} className="mt-1" />
      {order.refundDue && (
        <p className="mt-1 text-sm text-red-700">
          This order was cancelled after you paid for it: the money will be returned to you.
        </p>
      )}
      <DeliveryCountdown order={order} className="text-sm" />
      {!past && (
        <ol className="mt-3 grid grid-cols-4 gap-1 text-xs" aria-label="Order progress">
          {steps.map((s, i) => (
            <li
              key={s}
              className={`border-t-4 pt-1 ${i <= step ? "border-primary text-gray-800" : "border-gray-200 text-gray-500"}`}
              aria-current={i === step ? "step" : undefined}
            >
              {s}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-2">
        <OrderItems order={order} />
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <CancelOrderButton order={order} />
        {past && <OrderAgainButton order={order} />}
      </div>
    </article>
  );
}
