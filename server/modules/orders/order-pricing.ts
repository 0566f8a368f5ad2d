import { and, inArray, isNull } from "drizzle-orm";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../contract/money";
import type { PlaceOrderInput } from "../../../contract/order";
import { priceCart } from "../../../contract/pricing";
import type { Db } from "../../db/database";
import { products } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { deliveryToAddress } from "../shop/cart-quote";
import { openingAt } from "../shop/shop-clock";
import type { ShopSettings } from "../shop/shop-settings";

/** An order priced before it is placed: what `place_order` writes, and when its promise starts. */
export interface OrderPrice {
  /** What the items must come to under place_order's lock; null: whatever they do (no fee depends on it). */
  itemsTotal: number | null;
  deliveryFee: number;
  smallCartFee: number;
  /** The shop's next opening when it is closed now: the 30 minutes count from it. */
  deliverFrom: Date | null;
}

/** Whether any fee or minimum depends on what the items come to. */
const chargesByTotal = (shop: ShopSettings) =>
  shop.fees.deliveryFeePaise > 0 ||
  shop.fees.smallCartFeePaise > 0 ||
  shop.fees.minimumOrderPaise > 0;

/**
 * Prices an order with the one pricing function (contract/pricing.ts), as the cart and the quote
 * did, and refuses it before anything is written when the shop cannot take it: outside the
 * delivery area (409 `not_serviceable`), below the minimum order (409 `below_minimum`), a total
 * other than the one shown (409 `price_changed`), a shop that never opens.
 *
 * The items are priced at the offer prices the shopper was shown (`shownOfferPrice`: place_order
 * refuses the order if any is not the price now, so the total is the one charged) and read from
 * the database for a client that sends none, or when `fresh` (a price changed under place_order).
 * A client that sends none, to a shop that charges nothing by the total and was shown no total,
 * costs no read: its fees are 0 whatever its items come to, and place_order prices them.
 */
export async function priceOrder(
  db: Db,
  shop: ShopSettings,
  userId: string,
  input: PlaceOrderInput,
  options: { fresh?: boolean; now?: Date } = {},
): Promise<OrderPrice> {
  const shown = input.items.every((item) => item.shownOfferPrice !== undefined);
  const opening = openingAt(shop.openHours, shop.timeZone, options.now ?? new Date());
  if (!opening.open && !opening.opensAt)
    throw new AppError("conflict", "The shop is not taking orders: it has no opening hours.");
  await refuseOutsideArea(db, shop, userId, input);
  if (!shown && !chargesByTotal(shop) && input.shownTotal === undefined)
    return { itemsTotal: null, deliveryFee: 0, smallCartFee: 0, deliverFrom: opening.opensAt };
  const prices =
    shown && !options.fresh
      ? new Map(input.items.map((item) => [item.product, rupeesToPaise(item.shownOfferPrice!)]))
      : await offerPrices(
          db,
          input.items.map((item) => item.product),
        );
  const missing = input.items.find((item) => !prices.has(item.product));
  if (missing) throw new AppError("not_found", "Product not found", { productId: missing.product });
  const price = priceCart(
    input.items.map((item) => ({
      unitPricePaise: prices.get(item.product)!,
      quantity: item.quantity,
    })),
    shop.fees,
  );
  if (price.belowMinimumBy !== null)
    throw new AppError(
      "below_minimum",
      `The minimum order is ${formatRupees(paiseToRupees(shop.fees.minimumOrderPaise))}. Add ${formatRupees(paiseToRupees(price.belowMinimumBy))} more to place it.`,
    );
  if (input.shownTotal !== undefined && rupeesToPaise(input.shownTotal) !== price.total)
    throw new AppError(
      "price_changed",
      `Your order now comes to ${formatRupees(paiseToRupees(price.total))}, not the ${formatRupees(input.shownTotal)} shown. Please check your cart and place the order again.`,
    );
  return {
    itemsTotal: price.itemsTotal,
    deliveryFee: price.deliveryFee,
    smallCartFee: price.smallCartFee,
    deliverFrom: opening.opensAt,
  };
}

/** 409 `not_serviceable` for an address the shop does not deliver to (it has an area). */
async function refuseOutsideArea(
  db: Db,
  shop: ShopSettings,
  userId: string,
  input: PlaceOrderInput,
): Promise<void> {
  if (shop.area.pinCodes.length === 0 && (shop.area.radiusKm === null || !shop.location)) return;
  const delivery = await deliveryToAddress(db, shop, userId, input.address);
  if (!delivery.serviceable)
    throw new AppError("not_serviceable", delivery.reason ?? "Sorry, we don't deliver there yet.");
}

async function offerPrices(db: Db, ids: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: products.id, offerPricePaise: products.offerPricePaise })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.offerPricePaise]));
}
