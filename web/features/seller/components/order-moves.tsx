import { useRef, useState } from "react";
import type { Order } from "../../../../contract/order";
import { sellerTransitions, type OrderStatus } from "../../../../contract/order-status";
import type { useMoveOrder } from "../api/order-moves";
import { CancelOrderDialog } from "./cancel-order-dialog";

/**
 * An order card's next moves (the transition table's, for a seller): Mark Packing, Mark Out for
 * Delivery, Mark Delivered, and Cancel, which asks why first (CancelOrderDialog). `move` is the
 * card's own mutation, so that the card says it is busy while a move is sent.
 */
export function OrderMoves({
  order,
  move,
}: {
  order: Order;
  move: ReturnType<typeof useMoveOrder>;
}) {
  const next = sellerTransitions[order.status];
  const [asking, setAsking] = useState(false);
  // Set at once (the mutation's pending state shows a moment later): one move per press.
  const sending = useRef(false);
  const send = (change: Omit<Parameters<typeof move.mutate>[0], "orderId">) => {
    if (sending.current || move.isPending) return;
    sending.current = true;
    move.mutate(
      { orderId: order._id, ...change },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const onMove = (status: OrderStatus) => {
    if (sending.current || move.isPending) return;
    if (status === "Cancelled") setAsking(true);
    else send({ status });
  };
  return (
    <>
      {/*
        Not `disabled` while a move is sent: the browser would drop the focus to the body. Keyed
        by place, so that the button pressed stays (and keeps the focus) as it becomes the next
        move: Mark Packing, then Mark Out for Delivery, then Mark Delivered.
      */}
      {next.map((status, index) => (
        <button
          key={index}
          type="button"
          aria-disabled={move.isPending}
          onClick={() => onMove(status)}
          className={`min-h-11 rounded border px-3 py-1 aria-disabled:cursor-wait aria-disabled:opacity-60 md:min-h-9 ${status === "Cancelled" ? "border-red-300 text-red-600 hover:bg-red-50" : "border-primary text-primary hover:bg-primary/10"}`}
        >
          {status === "Cancelled" ? "Cancel" : `Mark ${status}`}
        </button>
      ))}
      {asking && (
        <CancelOrderDialog
          order={order}
          onClose={() => setAsking(false)}
          onCancel={(why) => {
            setAsking(false);
            send({ status: "Cancelled", ...why });
          }}
        />
      )}
    </>
  );
}
