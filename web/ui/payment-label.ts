import type { Order } from "../../contract/order";

/** How an order's payment reads to shopper and seller alike. */
export function paymentLabel(order: Pick<Order, "isPaid" | "refundDue">): string {
  if (order.refundDue) return "Refund due";
  return order.isPaid ? "Paid" : "Pending";
}
