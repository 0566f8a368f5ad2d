import type { Order } from "../../../../contract/order";
import { formatRupees } from "../../../../contract/money";

/** The live stream of every order (server-sent events). */
export const SELLER_EVENTS_URL = "/api/order/seller/events";

/** ₹340, or ₹32.50 when there are paise. */
export function shortRupees(amount: number): string {
  const exact = formatRupees(amount);
  return Number.isInteger(amount) ? exact.replace(/\.00$/, "") : exact;
}

/** A status as a coloured badge. */
export function OrderStatusBadge({ status }: { status: Order["status"] }) {
  const tone =
    status === "Cancelled"
      ? "bg-red-100 text-red-700"
      : status === "Delivered"
        ? "bg-gray-100 text-gray-700"
        : status === "Out for Delivery"
          ? "bg-blue-100 text-blue-800"
          : status === "Packing"
            ? "bg-amber-50 text-amber-800"
            : "bg-primary/10 text-primary";
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${tone}`}
      data-testid="seller-order-status"
    >
      {status}
    </span>
  );
}
