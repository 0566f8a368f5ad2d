import type { Order } from "../../../../contract/order";
import { cancelledBecause } from "../../../ui/order-words";
import { ShopContact } from "../../../ui/shop-contact";

/**
 * Why the order was cancelled, in the shopper's words ("Cancelled by the shop: an item was out of
 * stock."), with the shop's note; nothing for an order without a reason. Live: it follows the
 * order the page shows.
 */
export function CancelReason({ order, className = "" }: { order: Order; className?: string }) {
  const why = cancelledBecause(order);
  if (!why) return null;
  return (
    <div className={`text-sm text-red-700 ${className}`} data-testid="cancel-reason">
      <p>{why.reason}</p>
      {why.note && <p className="mt-1 break-words text-gray-700">{why.note}</p>}
      <ShopContact lead="Questions?" className="text-gray-700" />
    </div>
  );
}
