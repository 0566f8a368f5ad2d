import { useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../../contract/order";
import { applyOrderEvent } from "../../../lib/order-cache";
import { useRefundOrder } from "../api/order-moves";
import { orderNumber } from "../../../ui/order-words";
import { shortRupees } from "./order-format";

/** Sends the money owed for a cancelled paid order back, after a confirmation. */
export function OrderRefundButton({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const refund = useRefundOrder((refunded) => applyOrderEvent(queryClient, refunded));
  const onRefund = () => {
    if (refund.isPending) return;
    const question = `Refund ${shortRupees(order.amount)} for order #${orderNumber(order._id)}?`;
    if (!window.confirm(question)) return;
    refund.mutate(order._id);
  };
  return (
    <button
      type="button"
      onClick={() => void onRefund()}
      // Not `disabled` while it is sent: the browser would drop the focus to the body.
      aria-disabled={refund.isPending}
      className="min-h-11 rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-60 md:min-h-9"
    >
      {refund.isPending ? "Refunding…" : "Refund"}
    </button>
  );
}
