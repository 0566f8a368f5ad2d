import toast from "react-hot-toast";
import type { Order } from "../../../../contract/order";
import { sellerTransitions, type OrderStatus } from "../../../../contract/order-status";
import { ApiError } from "../../../app/api-client";
import { formatRupees } from "../../../ui/money";
import { useMoveOrder, useSellerOrders } from "../api";
import { paymentLabel } from "../../../ui/payment-label";
import { LoadError } from "../../../ui/load-error";

const date = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

export function SellerOrdersPage() {
  const orders = useSellerOrders();
  return (
    <section className="space-y-4 p-4 md:p-10">
      <h1 className="text-lg font-medium">Orders List</h1>
      {orders.isPending ? (
        <div className="h-40 max-w-4xl animate-pulse rounded bg-gray-100" aria-busy="true" />
      ) : orders.isError ? (
        <LoadError what="orders" onRetry={() => void orders.refetch()} />
      ) : (orders.data ?? []).length === 0 ? (
        <p className="text-gray-600">No orders yet. They will appear here as shoppers buy.</p>
      ) : (
        orders.data.map((order) => <OrderRow key={order._id} order={order} />)
      )}
    </section>
  );
}

function OrderRow({ order }: { order: Order }) {
  const move = useMoveOrder();
  const next = sellerTransitions[order.status];
  const onMove = async (status: OrderStatus) => {
    if (status === "Cancelled" && !window.confirm("Cancel this order and return its stock?"))
      return;
    try {
      toast.success((await move.mutateAsync({ orderId: order._id, status })).message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not update the order");
    }
  };
  const a = order.address;
  return (
    <article
      className="flex max-w-4xl flex-col justify-between gap-5 rounded-md border border-gray-300 p-5 md:flex-row md:items-center"
      aria-label={`Order ${order._id.slice(0, 8)}`}
    >
      <ul className="flex flex-col gap-1">
        {order.items.map((item) => (
          <li key={item.product._id} className="font-medium">
            {item.product.name} <span className="text-primary">x {item.quantity}</span>
          </li>
        ))}
      </ul>
      <address className="text-sm text-black/70 not-italic">
        <p className="font-medium text-black/80">
          {a.firstName} {a.lastName}
        </p>
        <p>
          {a.street}, {a.city}
        </p>
        <p>
          {a.state}, {a.zipcode}, {a.country}
        </p>
        <p>{a.phone}</p>
      </address>
      <p className="text-lg font-medium">{formatRupees(order.amount)}</p>
      <div className="flex flex-col text-sm">
        <p>Method: {order.paymentType}</p>
        <p>Date: {date.format(new Date(order.createdAt))}</p>
        <p className={order.refundDue ? "font-medium text-red-700" : undefined}>
          Payment: {paymentLabel(order)}
        </p>
      </div>
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-medium" data-testid="seller-order-status">
          {order.status}
        </p>
        {next.map((status) => (
          <button
            key={status}
            disabled={move.isPending}
            onClick={() => void onMove(status)}
            className={`rounded border px-3 py-1 ${status === "Cancelled" ? "border-red-300 text-red-600" : "border-primary text-primary"}`}
          >
            {status === "Cancelled" ? "Cancel" : `Mark ${status}`}
          </button>
        ))}
      </div>
    </article>
  );
}
