import type { Order } from "../../../../contract/order";
import { dueIn, formatClock, useNow } from "../../../ui/countdown";

/** When it was delivered: `deliveredAt`, else the history's Delivered step. */
export function deliveredAt(order: Order): string | undefined {
  return order.deliveredAt ?? order.history.findLast((h) => h.status === "Delivered")?.at;
}

/** What the shopper reads about timing, or nothing (cancelled orders). */
export function deliveryText(order: Order, now: number): string | undefined {
  if (order.status === "Cancelled" || order.status === "Awaiting Payment") return undefined;
  if (order.status === "Delivered") {
    const at = deliveredAt(order);
    return at ? `Delivered at ${formatClock(at)}` : "Delivered";
  }
  const due = dueIn(order.deliverBy, now);
  return due.late
    ? `Running late — it was due at ${formatClock(order.deliverBy)}`
    : `Arriving by ${formatClock(order.deliverBy)} · ${due.minutes} min`;
}

/** The live delivery promise, refreshed every 30 s. */
export function DeliveryCountdown({ order, className }: { order: Order; className?: string }) {
  const now = useNow();
  const text = deliveryText(order, now);
  if (!text) return null;
  const late = order.status !== "Delivered" && dueIn(order.deliverBy, now).late;
  return (
    <p
      className={`${late ? "text-amber-700" : order.status === "Delivered" ? "text-gray-700" : "text-primary"} ${className ?? ""}`}
      data-testid="delivery-countdown"
    >
      {text}
    </p>
  );
}
