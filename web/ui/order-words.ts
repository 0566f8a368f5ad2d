import type { Order } from "../../contract/order";
import type { CancelReason } from "../../contract/order-status";

/** How the payment provider's method names read ("Paid by UPI"); others are shown as sent. */
const methodWords: Record<string, string> = {
  upi: "UPI",
  card: "card",
  netbanking: "netbanking",
  wallet: "wallet",
  emi: "EMI",
  paylater: "Pay Later",
};

/**
 * How an order's payment reads, to shopper and seller alike: Paid (Paid by UPI, when the provider
 * said how), Pending (still to be paid: cash on delivery on its way), Refund due, Refunded, or Not
 * charged (cancelled before any money was taken: never "Pending", nothing is owed).
 */
export function paymentStatus(
  order: Pick<Order, "isPaid" | "refundDue" | "refundedAt" | "status"> &
    Partial<Pick<Order, "paymentMethod">>,
): string {
  if (order.refundedAt) return "Refunded";
  if (order.refundDue) return "Refund due";
  if (order.isPaid && order.paymentMethod)
    return `Paid by ${methodWords[order.paymentMethod] ?? order.paymentMethod}`;
  if (order.isPaid) return "Paid";
  return order.status === "Cancelled" ? "Not charged" : "Pending";
}

export const paymentMethod = (order: Pick<Order, "paymentType">) =>
  order.paymentType === "COD" ? "Cash on delivery" : "Online";

export { orderNumber } from "../../contract/order";

/** The seller's choices of why an order is cancelled, as the cancel dialog lists them. */
export const cancelReasonChoices: Record<CancelReason, string> = {
  out_of_stock: "An item is out of stock",
  cannot_deliver: "We cannot deliver it",
  shopper_asked: "The shopper asked to cancel",
  other: "Another reason (say it in the note)",
};

/**
 * Why a cancelled order was cancelled, told to the shopper in a sentence ("Cancelled by the shop:
 * an item was out of stock."), and the seller's note beside it; nothing for an order with no
 * reason (not cancelled, or an unpaid checkout the store gave up). For `other` the note is the
 * reason itself.
 */
export function cancelledBecause(
  order: Pick<Order, "cancelReason">,
): { reason: string; note?: string } | undefined {
  const why = order.cancelReason;
  if (!why) return undefined;
  const note = why.note ? `The shop's note: “${why.note}”` : undefined;
  switch (why.reason) {
    case "out_of_stock":
      return { reason: "Cancelled by the shop: an item was out of stock.", note };
    case "cannot_deliver":
      return { reason: "Cancelled by the shop: it could not be delivered.", note };
    case "shopper_asked":
      return { reason: "Cancelled at your request.", note };
    case "other":
      return {
        reason: why.note ? `Cancelled by the shop: “${why.note}”` : "Cancelled by the shop.",
      };
  }
}
