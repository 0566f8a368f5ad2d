import { Link, useParams } from "react-router";
import { ShopContact } from "../../../ui/shop-contact";
import { cancelledBecause } from "../../../ui/order-words";
import { OrderCharges } from "../../../ui/order-charges";
import type { Order } from "../../../../contract/order";
import { ApiError } from "../../../lib/api-client";
import { useStore } from "../../../lib/store";
import { LoadError } from "../../../ui/load-error";
import { useOrderEvents } from "../../../lib/use-order-events";
import { SHOPPER_EVENTS_URL, useOrder } from "../api";
import { CancelOrderButton } from "../components/cancel-order-button";
import { CancelReason } from "../components/cancel-reason";
import { DeliveryCountdown } from "../components/delivery-countdown";
import { LiveBadge } from "../../../ui/live-badge";
import { LoginPrompt } from "../components/login-prompt";
import { OrderAgainButton } from "../components/order-again-button";
import { OrderItems } from "../components/order-items";
import { OrderTimeline } from "../components/order-timeline";
import { useStatusToast } from "../components/use-status-toast";
import { orderNumber, paymentMethod, paymentStatus } from "../../../ui/order-words";
import { usePageTitle } from "../../../ui/page-title";

const placed = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

function Skeleton() {
  return (
    <div
      className="mt-12 h-96 max-w-3xl animate-pulse rounded-lg bg-gray-100"
      role="progressbar"
      aria-busy="true"
      aria-label="Loading order"
    />
  );
}

/** /my-orders/:id: one order, its progress and its delivery promise, kept live. */
export function OrderPage() {
  const { id = "" } = useParams();
  const { user, sessionChecked } = useStore();
  const order = useOrder(id, Boolean(user));
  const live = useOrderEvents(user ? SHOPPER_EVENTS_URL : null);
  useStatusToast(order.data);
  usePageTitle(order.data ? `Order ${orderNumber(order.data._id)}` : "Your order");

  if (!sessionChecked) return <Skeleton />;
  if (!user) return <LoginPrompt title="Your order" text="Log in to see this order." />;
  if (order.isPending) return <Skeleton />;
  // A failed refresh keeps the order on screen (the badge says it is not updating).
  if (order.isError && !order.data) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return (
        <section className="flex flex-col items-center gap-4 py-24 text-center">
          <h1 className="text-2xl font-medium text-gray-800">Order not found</h1>
          <p className="text-gray-600">
            We could not find this order. It may belong to another account.
          </p>
          <Link
            to="/my-orders"
            className="inline-flex min-h-11 items-center rounded bg-primary px-6 py-2 text-white hover:bg-primary-dull"
          >
            Back to My Orders
          </Link>
        </section>
      );
    return <LoadError what="this order" onRetry={() => void order.refetch()} />;
  }
  return <OrderDetail order={order.data} live={live} stale={order.isError} />;
}

function OrderDetail({
  order,
  live,
  stale,
}: {
  order: Order;
  live: ReturnType<typeof useOrderEvents>;
  stale: boolean;
}) {
  const a = order.address;
  const past = order.status === "Delivered" || order.status === "Cancelled";
  return (
    <article className="mt-8 max-w-3xl pb-16" aria-label={`Order ${orderNumber(order._id)}`}>
      <Link
        to="/my-orders"
        className="inline-flex min-h-11 items-center text-sm text-primary hover:underline"
      >
        ← My Orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-medium">Order {orderNumber(order._id)}</h1>
        <LiveBadge state={live} stale={stale} />
      </div>
      <p className="text-sm text-gray-500">Placed {placed.format(new Date(order.createdAt))}</p>

      <section aria-label="Status" className="mt-6 rounded-lg border border-gray-300 p-4">
        <p className="text-lg font-medium" data-testid="order-status">
          <span className={order.status === "Cancelled" ? "text-red-600" : "text-gray-800"}>
            {order.status}
          </span>
        </p>
        <CancelReason order={order} className="mt-1" />
        <DeliveryCountdown order={order} className="mt-1 font-medium" />
        <OrderTimeline order={order} />
        <div className="mt-3">
          <CancelOrderButton order={order} />
        </div>
        {/* A cancelled order's notice has its own (CancelReason). */}
        {!cancelledBecause(order) && (
          <ShopContact lead="Need help with this order?" className="mt-2 text-sm" />
        )}
      </section>

      <section aria-labelledby="items-heading" className="mt-6">
        <h2 id="items-heading" className="text-lg font-medium">
          Items
        </h2>
        <OrderItems order={order} />
        <OrderCharges order={order} className="border-t border-gray-300 pt-3" />
      </section>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="text-lg font-medium">
            Payment
          </h2>
          <p className="mt-1">
            {paymentMethod(order)} · {paymentStatus(order)}
          </p>
          {order.refundDue && (
            <p className="mt-1 text-sm text-red-700">
              This order was cancelled after you paid for it: the money will be returned to you.
            </p>
          )}
        </section>
        <section aria-labelledby="address-heading">
          <h2 id="address-heading" className="text-lg font-medium">
            Delivery address
          </h2>
          <address className="mt-1 text-sm text-gray-700 not-italic">
            <p className="font-medium">
              {a.firstName} {a.lastName}
            </p>
            <p>{a.street}</p>
            <p>
              {a.city}, {a.state} {a.zipcode}
            </p>
            <p>{a.country}</p>
            <p>{a.phone}</p>
          </address>
        </section>
      </div>
      {past && (
        <div className="mt-6">
          <OrderAgainButton order={order} />
        </div>
      )}
    </article>
  );
}
