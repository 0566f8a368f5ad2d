import { createContext, memo, useContext, useLayoutEffect, useRef } from "react";
import { OrderCharges } from "../../../ui/order-charges";
import type { Order } from "../../../../contract/order";
import { openStatuses } from "../../../../contract/order-status";
import { dueLabel, type DueTone } from "../../../ui/countdown";
import { formatRupees } from "../../../../contract/money";
import { useMoveOrder } from "../api/order-moves";
import { orderNumber, paymentStatus } from "../../../ui/order-words";
import { OrderStatusBadge } from "./order-format";
import { OrderMoves } from "./order-moves";
import { OrderPaymentCheckButton } from "./order-payment-check-button";
import { OrderRefundButton } from "./order-refund-button";
import { shopFormat } from "./shop-time";

const toneClass: Record<DueTone, string> = {
  ok: "bg-gray-100 text-gray-800",
  soon: "bg-amber-100 text-amber-900",
  late: "bg-red-100 text-red-700",
};

/**
 * The time the queue's countdowns read (the page's `useNow`), given once around the list rather
 * than to each card: a tick of the clock then draws again every card's minutes left, not every
 * card (with 500 cards, a long task on a phone every 30 s).
 */
export const QueueClock = createContext<number | null>(null);

/** Minutes to the promise for an open order: amber under 10 minutes, red once late. */
export function OrderDue({ order, timeZone }: { order: Order; timeZone?: string }) {
  const now = useContext(QueueClock);
  if (now === null) throw new Error("OrderDue needs the queue's clock (QueueClock)");
  const due = dueLabel(order.deliverBy, now);
  // "7:42 pm" on the shop's clock.
  const dueAt = shopFormat(timeZone).clock(order.deliverBy);
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${toneClass[due.tone]}`}
      data-testid="order-due"
      data-tone={due.tone}
      title={`Due at ${dueAt}`}
    >
      {due.text}
    </span>
  );
}

/**
 * One order in the seller's queue: what to pack, for whom, its promise (by the `QueueClock`
 * around it), and the next moves; its times in `timeZone`, the shop's.
 * `onLeaveWithFocus` runs, with the order's id, when the card leaves the page holding the focus
 * (its order moved out of the list shown), so that the page can put the focus somewhere better
 * than the body.
 *
 * Memoised: with hundreds of orders listed, a move or a live event draws again only the card of
 * the order that changed (the queue's lists keep the other orders' objects, and the page passes
 * a stable `onLeaveWithFocus`).
 */
export const OrderCard = memo(function OrderCard({
  order,
  timeZone,
  onLeaveWithFocus,
}: {
  order: Order;
  timeZone?: string;
  onLeaveWithFocus?: (orderId: string) => void;
}) {
  const move = useMoveOrder();
  const open = openStatuses.includes(order.status);
  const number = orderNumber(order._id);
  const card = useRef<HTMLElement>(null);
  const leaveWithFocus = useRef<(() => void) | undefined>(undefined);
  useLayoutEffect(() => {
    leaveWithFocus.current = () => onLeaveWithFocus?.(order._id);
  });
  useLayoutEffect(() => {
    const article = card.current;
    // Runs as the card leaves, while it is still in the page: was the focus in it?
    return () => {
      if (article?.contains(document.activeElement)) leaveWithFocus.current?.();
    };
  }, []);
  const a = order.address;
  const payment = paymentStatus(order);
  return (
    <article
      ref={card}
      // One column on a phone, two beside the sidebar of a tablet (768–1023 px, where four did
      // not fit and the moves were reached by scrolling sideways), four from 1024 px.
      className="grid max-w-5xl gap-4 rounded-md border border-gray-300 p-4 break-words md:grid-cols-2 md:p-5 lg:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_10rem]"
      aria-label={`Order ${number}`}
      aria-busy={move.isPending}
    >
      <div className="flex flex-col items-start gap-1.5">
        <p className="font-mono text-sm font-medium text-gray-800">#{number}</p>
        <OrderStatusBadge status={order.status} />
        {open && <OrderDue order={order} timeZone={timeZone} />}
        <p className="text-xs text-gray-500">
          <time dateTime={order.createdAt}>{shopFormat(timeZone).placed(order.createdAt)}</time>
        </p>
      </div>
      <ul className="flex flex-col gap-1" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.product._id}>
            <span className="font-medium">{item.product.name}</span>
            {item.product.weight && (
              <span className="text-sm text-gray-500"> · {item.product.weight}</span>
            )}{" "}
            <span className="text-primary">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <address className="text-sm text-black/70 not-italic">
        <p className="font-medium text-black/80">
          {a.firstName} {a.lastName}
        </p>
        <p>
          {a.street}, {a.city}
        </p>
        <p>
          {a.state}, {a.zipcode}, {a.country}
        </p>
        <p>{a.phone}</p>
      </address>
      <div className="flex flex-col gap-2 text-sm">
        <p className="text-lg font-medium text-gray-800">{formatRupees(order.amount)}</p>
        <OrderCharges order={order} className="text-black/70" />
        <p className={order.refundDue ? "font-medium text-red-700" : undefined}>
          Method: {order.paymentType === "COD" ? "COD" : "Online"} · Payment: {payment}
        </p>
        {order.paymentId && (
          <p className="text-xs break-all text-gray-600">
            Payment id: <span className="font-mono">{order.paymentId}</span>
          </p>
        )}
        {order.status === "Awaiting Payment" && <OrderPaymentCheckButton order={order} />}
        <OrderMoves order={order} move={move} />
        {order.refundDue && !order.refundedAt && <OrderRefundButton order={order} />}
      </div>
    </article>
  );
});
