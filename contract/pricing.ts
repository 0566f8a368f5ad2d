/**
 * The one pricing function (issue "Turn 3 · 3/10"): what a cart costs, items and fees, in paise.
 * The cart page, `POST /api/cart/quote`, order placement and (later) the bill all price through
 * it, so the total a shopper is shown is the total charged, to the paisa (decision 045).
 *
 * - Delivery is charged unless the items come to `freeAbove` or more ("free above ₹199" is free
 *   from ₹199.00: shops and shoppers read "above" that way).
 * - A small-cart fee is charged when the items come to less than `smallCartBelow`.
 * - Below `minimumOrder` the cart cannot be ordered (`belowMinimumBy` says by how much).
 */
export interface FeeRules {
  deliveryFeePaise: number;
  /** Items from this total on go free; null: delivery always costs `deliveryFeePaise`. */
  freeAbovePaise: number | null;
  minimumOrderPaise: number;
  smallCartFeePaise: number;
  smallCartBelowPaise: number;
}

export interface PricedLine {
  unitPricePaise: number;
  quantity: number;
}

export interface CartPrice {
  itemsTotal: number;
  deliveryFee: number;
  smallCartFee: number;
  total: number;
  /** How much more in items would make delivery free; null when it is free or never is. */
  freeDeliveryIn: number | null;
  /** How far the items fall short of the minimum order; null when they do not. */
  belowMinimumBy: number | null;
}

/** No fee and no minimum: what a shop that has set none charges (every total is its items). */
export const NO_FEES: FeeRules = {
  deliveryFeePaise: 0,
  freeAbovePaise: null,
  minimumOrderPaise: 0,
  smallCartFeePaise: 0,
  smallCartBelowPaise: 0,
};

export function priceCart(lines: readonly PricedLine[], rules: FeeRules): CartPrice {
  const itemsTotal = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  return priceItemsTotal(itemsTotal, rules);
}

/** The same, from the items' total (paise) alone: fees depend on nothing else. */
export function priceItemsTotal(itemsTotal: number, rules: FeeRules): CartPrice {
  const freeDelivery = rules.freeAbovePaise !== null && itemsTotal >= rules.freeAbovePaise;
  const deliveryFee = freeDelivery ? 0 : rules.deliveryFeePaise;
  const smallCartFee = itemsTotal < rules.smallCartBelowPaise ? rules.smallCartFeePaise : 0;
  return {
    itemsTotal,
    deliveryFee,
    smallCartFee,
    total: itemsTotal + deliveryFee + smallCartFee,
    freeDeliveryIn:
      deliveryFee > 0 && rules.freeAbovePaise !== null ? rules.freeAbovePaise - itemsTotal : null,
    belowMinimumBy:
      itemsTotal < rules.minimumOrderPaise ? rules.minimumOrderPaise - itemsTotal : null,
  };
}
