import { formatRupees } from "../../../../contract/money";
import type { Quote } from "../../../../contract/shop";

const Pending = () => (
  <span
    className="inline-block h-4 w-14 animate-pulse rounded bg-gray-200"
    aria-label="Working out"
  />
);

/**
 * Every charge of the cart as its own line, as the server prices it (`POST /api/cart/quote`):
 * items, delivery fee (or Free), small cart fee when there is one, and the total the order is
 * placed at; what the shopper saves against MRP; how much more makes delivery free. Nothing is
 * added later (India's 2023 dark-pattern guidelines: no drip pricing).
 */
export function CartCharges({
  quote,
  itemsTotal,
  savings,
}: {
  /** Undefined while the cart is being priced. */
  quote: Quote | undefined;
  /** The items as the cart shows them, until the quote says. */
  itemsTotal: number;
  savings: number;
}) {
  return (
    <>
      <dl className="mt-4 space-y-2 text-gray-600">
        <div className="flex justify-between">
          <dt>Items</dt>
          <dd>{formatRupees(quote?.itemsTotal ?? itemsTotal)}</dd>
        </div>
        {savings > 0 && (
          <div className="flex justify-between text-primary-dull">
            <dt>You save (against MRP)</dt>
            <dd>{formatRupees(savings)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Delivery fee</dt>
          <dd className={quote?.deliveryFee === 0 ? "text-primary-dull" : undefined}>
            {!quote ? (
              <Pending />
            ) : quote.deliveryFee === 0 ? (
              "Free"
            ) : (
              formatRupees(quote.deliveryFee)
            )}
          </dd>
        </div>
        {quote && quote.smallCartFee > 0 && (
          <div className="flex justify-between">
            <dt>Small cart fee</dt>
            <dd>{formatRupees(quote.smallCartFee)}</dd>
          </div>
        )}
        <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
          <dt>Total</dt>
          <dd>{quote ? formatRupees(quote.total) : <Pending />}</dd>
        </div>
      </dl>
      {quote?.freeDeliveryIn != null && quote.freeDeliveryIn > 0 && (
        <p className="mt-3 text-sm font-medium text-primary-dull">
          Add {formatRupees(quote.freeDeliveryIn)} more for free delivery
        </p>
      )}
    </>
  );
}
