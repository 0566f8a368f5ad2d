import type { Order } from "../../contract/order";

/**
 * How an order's payment reads, to shopper and seller alike: Paid, Pending (still to be paid: cash on
 * delivery on its way), Refund due, Refunded, or Not charged (cancelled before any money was
 * taken: never "Pending", nothing is owed).
 */
export function paymentStatus(
  order: Pick<Order, "isPaid" | "refundDue" | "refundedAt" | "status">,
): string {
  if (order.refundedAt) return "Refunded";
  if (order.refundDue) return "Refund due";
  if (order.isPaid) return "Paid";
  return order.status === "Cancelled" ? "Not charged" : "Pending";
}

export const paymentMethod = (order: Pick<Order, "paymentType">) =>
  order.paymentType === "COD" ? "Cash on delivery" : "Online";

export { orderNumber } from "../../contract/order";
