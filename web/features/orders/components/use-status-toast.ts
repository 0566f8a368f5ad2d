import { useEffect, useRef } from "react";
import { toast } from "../../../ui/toast";
import type { Order } from "../../../../contract/order";
import { cancelledBecause } from "../../../ui/order-words";

/** What a status change tells the shopper, in a sentence (not "Your order is Packing"). */
const messages: Record<Order["status"], string> = {
  "Awaiting Payment": "Your order is waiting for payment",
  "Order Placed": "Your order has been placed",
  Packing: "Your order is being packed",
  "Out for Delivery": "Your order is out for delivery",
  Delivered: "Your order has been delivered",
  Cancelled: "Your order was cancelled",
};

export function statusMessage(status: Order["status"]): string {
  return messages[status];
}

/** Toasts when the shown order's status changes while the page is open (live or polled). */
export function useStatusToast(order: Order | undefined) {
  const seen = useRef<{ id: string; status: Order["status"] } | null>(null);
  useEffect(() => {
    if (!order) return;
    const before = seen.current;
    seen.current = { id: order._id, status: order.status };
    if (before?.id !== order._id || before.status === order.status) return;
    // A cancellation with a reason says it ("Cancelled by the shop: an item was out of stock.").
    const message =
      (order.status === "Cancelled" && cancelledBecause(order)?.reason) ||
      statusMessage(order.status);
    const options = { id: `order-status-${order._id}` };
    if (order.status === "Cancelled") toast.error(message, options);
    else toast.success(message, { ...options, duration: 5000 });
  }, [order]);
}
