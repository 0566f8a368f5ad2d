import { useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../../contract/order";
import { applyOrderEvent } from "../../../lib/order-cache";
import { useCheckPayment, usePaymentProvider } from "../api/payment-check";

/**
 * "Check with Razorpay", on an order awaiting payment when Razorpay takes the shop's payments: the
 * server asks Razorpay about the order's payment link and applies what it says (a payment whose
 * webhook never came places the order; an expired link cancels it). Nothing for other providers.
 */
export function OrderPaymentCheckButton({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const provider = usePaymentProvider();
  const check = useCheckPayment((checked) => applyOrderEvent(queryClient, checked));
  if (provider !== "razorpay" || order.status !== "Awaiting Payment") return null;
  return (
    <button
      type="button"
      onClick={() => {
        if (!check.isPending) check.mutate(order._id);
      }}
      // Not `disabled` while it runs: the browser would drop the focus to the body.
      aria-disabled={check.isPending}
      className="min-h-11 rounded border border-gray-300 px-3 py-1 text-gray-800 hover:bg-gray-50 aria-disabled:cursor-wait aria-disabled:opacity-60 md:min-h-9"
    >
      {check.isPending ? "Checking…" : "Check with Razorpay"}
    </button>
  );
}
