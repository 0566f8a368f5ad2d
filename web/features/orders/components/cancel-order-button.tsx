import { useRef, useState } from "react";
import type { Order } from "../../../../contract/order";
import { ModalDialog } from "../../../ui/modal-dialog";
import { orderNumber } from "../../../ui/order-words";
import { toast } from "../../../ui/toast";
import { useCancelOrder } from "../api";

/**
 * The shopper's Cancel order, while the shop has not started on the order (`Order Placed`; paid
 * online too, whose money is then owed back): asked again in a dialog, not the browser's
 * confirm. The dialog stays while the cancellation is sent; the button goes with the order's
 * new status.
 */
export function CancelOrderButton({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  if (order.status !== "Order Placed") return null;
  const close = () => {
    if (!cancel.isPending) setAsking(false);
  };
  const confirm = () => {
    if (cancel.isPending) return;
    cancel.mutate(order._id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: () => setAsking(false),
    });
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="min-h-11 rounded border border-red-300 px-4 py-2 text-sm text-red-600 hover:bg-red-50"
      >
        Cancel order
      </button>
      {asking && (
        <ModalDialog
          title={`Cancel order ${orderNumber(order._id)}?`}
          description={
            order.isPaid
              ? "The shop will not prepare or deliver it, and the money you paid will be returned to you."
              : "The shop will not prepare or deliver it."
          }
          initialFocus={keep}
          onClose={close}
        >
          <div className="mt-6 flex flex-wrap justify-end gap-3 text-sm">
            <button
              ref={keep}
              type="button"
              onClick={close}
              className="min-h-11 rounded border border-gray-300 px-4 hover:bg-gray-50"
            >
              No, keep it
            </button>
            <button
              type="button"
              onClick={confirm}
              aria-disabled={cancel.isPending}
              className="min-h-11 rounded bg-red-600 px-4 font-medium text-white hover:bg-red-700 aria-disabled:cursor-wait aria-disabled:opacity-60"
            >
              {cancel.isPending ? "Cancelling…" : "Yes, cancel it"}
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
