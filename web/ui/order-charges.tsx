import { formatRupees } from "../../contract/money";

/** What an order charged, line by line (api-contract.md: orders carry items and fees apart). */
export interface OrderCharged {
  itemsTotal: number;
  fees: { delivery: number; smallCart: number };
  amount: number;
}

/** "Items ₹340.00 · Delivery Free · Total ₹340.00": one line, as a list's card says it. */
export function chargesLine(order: OrderCharged): string {
  const parts = [
    `Items ${formatRupees(order.itemsTotal)}`,
    `Delivery ${order.fees.delivery > 0 ? formatRupees(order.fees.delivery) : "Free"}`,
  ];
  if (order.fees.smallCart > 0) parts.push(`Small cart fee ${formatRupees(order.fees.smallCart)}`);
  return parts.join(" · ");
}

/** Items, each fee and the total, each its own line (the order page, the seller's card). */
export function OrderCharges({ order, className }: { order: OrderCharged; className?: string }) {
  return (
    <dl className={`space-y-1 ${className ?? ""}`}>
      <div className="flex justify-between gap-4">
        <dt>Items</dt>
        <dd>{formatRupees(order.itemsTotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Delivery fee</dt>
        <dd>{order.fees.delivery > 0 ? formatRupees(order.fees.delivery) : "Free"}</dd>
      </div>
      {order.fees.smallCart > 0 && (
        <div className="flex justify-between gap-4">
          <dt>Small cart fee</dt>
          <dd>{formatRupees(order.fees.smallCart)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4 font-medium text-gray-800">
        <dt>Total</dt>
        <dd>{formatRupees(order.amount)}</dd>
      </div>
    </dl>
  );
}
