import { useEffect } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import type { Order } from "../../../../contract/order";
import { ApiError } from "../../../app/api-client";
import { useStore } from "../../../app/store";
import { thumbnail } from "../../../ui/images";
import { formatRupees } from "../../../ui/money";
import { useCancelOrder, useMyOrders } from "../api";
import { paymentLabel } from "../../../ui/payment-label";
import { LoadError } from "../../../ui/load-error";

const steps = ["Order Placed", "Packing", "Out for Delivery", "Delivered"] as const;
const time = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" });
const date = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

export function MyOrdersPage() {
  const { user, sessionChecked } = useStore();
  const orders = useMyOrders(Boolean(user));

  // The spec: failing to load orders only logs (no toast).
  useEffect(() => {
    if (orders.error) console.error("Could not load orders", orders.error);
  }, [orders.error]);

  if (!sessionChecked) {
    return (
      <div
        className="mt-12 h-48 max-w-4xl animate-pulse rounded-lg bg-gray-100"
        aria-busy="true"
        aria-label="Loading orders"
      />
    );
  }
  if (!user) {
    return (
      <section className="py-24 text-center">
        <h1 className="text-2xl font-medium">My Orders</h1>
        <p className="mt-2 text-gray-600">Log in to see your orders.</p>
      </section>
    );
  }
  return (
    <section className="mt-12 pb-16">
      <h1 className="text-2xl font-medium uppercase">My orders</h1>
      <div className="h-0.5 w-16 rounded-full bg-primary" />
      {orders.isPending ? (
        <div
          className="mt-6 h-48 max-w-4xl animate-pulse rounded-lg bg-gray-100"
          aria-busy="true"
          aria-label="Loading orders"
        />
      ) : orders.isError ? (
        <LoadError what="your orders" onRetry={() => void orders.refetch()} />
      ) : (orders.data ?? []).length === 0 ? (
        <p className="mt-8 text-gray-600">
          No orders yet.{" "}
          <Link to="/products" className="text-primary underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <ul className="mt-6 flex max-w-4xl flex-col gap-6">
          {orders.data.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const open = order.status !== "Delivered" && order.status !== "Cancelled";
  const step = steps.indexOf(order.status as (typeof steps)[number]);
  const onCancel = async () => {
    if (!window.confirm("Cancel this order?")) return;
    try {
      toast.success((await cancel.mutateAsync(order._id)).message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not cancel the order");
    }
  };
  return (
    <article
      className="rounded-lg border border-gray-300 p-4"
      aria-label={`Order ${order._id.slice(0, 8)}`}
    >
      <div className="flex flex-wrap justify-between gap-2 text-sm text-gray-500">
        <span>Order: {order._id.slice(0, 8)}</span>
        <span>
          Payment: {order.paymentType === "COD" ? "Cash on delivery" : "Online"} ·{" "}
          {paymentLabel(order)}
        </span>
        <span className="font-medium text-gray-800">Total: {formatRupees(order.amount)}</span>
      </div>
      <p className="mt-1 text-sm text-gray-500">Placed {date.format(new Date(order.createdAt))}</p>
      <p className="mt-2 font-medium" data-testid="order-status">
        Status:{" "}
        <span className={order.status === "Cancelled" ? "text-red-600" : "text-primary"}>
          {order.status}
        </span>
      </p>
      {order.refundDue && (
        <p className="mt-1 text-sm text-red-700">
          This order was cancelled after you paid for it: the money will be returned to you.
        </p>
      )}
      {open && (
        <>
          <p className="text-sm">Arriving by {time.format(new Date(order.deliverBy))}</p>
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
        </>
      )}
      <ul className="mt-4 divide-y divide-gray-200">
        {order.items.map((item) => (
          <li key={item.product._id} className="flex items-center gap-4 py-3">
            <img
              src={thumbnail(item.product.image[0])}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="h-16 w-16 rounded bg-primary/10 object-contain p-1"
            />
            <div className="flex-1">
              <p className="font-medium text-gray-800">{item.product.name}</p>
              <p className="text-sm text-gray-500">Category: {item.product.category}</p>
            </div>
            <p className="text-sm">Quantity: {item.quantity}</p>
            <p className="text-sm font-medium text-primary">
              {formatRupees(item.product.offerPrice * item.quantity)}
            </p>
          </li>
        ))}
      </ul>
      {order.paymentType === "COD" && order.status === "Order Placed" && (
        <button
          onClick={() => void onCancel()}
          disabled={cancel.isPending}
          className="mt-3 rounded border border-red-300 px-4 py-2 text-sm text-red-600 hover:bg-red-50"
        >
          Cancel order
        </button>
      )}
    </article>
  );
}
