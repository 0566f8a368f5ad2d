import { and, eq, inArray, isNull } from "drizzle-orm";
import { checkDelivery, type DeliveryCheck } from "../../../contract/delivery-area";
import { paiseToRupees } from "../../../contract/money";
import { priceCart, type CartPrice } from "../../../contract/pricing";
import type { Quote, QuoteRequest } from "../../../contract/shop";
import type { Db } from "../../db/database";
import type { CatalogCache } from "../catalog/catalog-cache";
import { isUuid } from "../../db/ids";
import { addresses, products } from "../../db/schema";
import { AppError, notAuthorized, notFound } from "../../http/app-error";
import type { ShopSettings } from "./shop-settings";

/** A price in paise as the API sends it (rupees), or null. */
const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** What a cart comes to, in rupees, and whether the shop delivers to the address (if any). */
export function quoteAnswer(price: CartPrice, delivery: DeliveryCheck | null): Quote {
  return {
    itemsTotal: paiseToRupees(price.itemsTotal),
    deliveryFee: paiseToRupees(price.deliveryFee),
    smallCartFee: paiseToRupees(price.smallCartFee),
    total: paiseToRupees(price.total),
    freeDeliveryIn: rupeesOrNull(price.freeDeliveryIn),
    belowMinimumBy: rupeesOrNull(price.belowMinimumBy),
    serviceable: delivery ? delivery.serviceable : null,
    reason: delivery?.reason ?? null,
  };
}

/** Whether the shop delivers to one of a shopper's addresses (404 when it is not theirs). */
export async function deliveryToAddress(
  db: Db,
  settings: ShopSettings,
  userId: string,
  addressId: string,
): Promise<DeliveryCheck> {
  const [address] = isUuid(addressId)
    ? await db
        .select({ zipcode: addresses.zipcode, lat: addresses.lat, lng: addresses.lng })
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    : [];
  if (!address) throw notFound("Address");
  return checkDelivery(settings.area, settings.location, {
    pin: address.zipcode,
    location:
      address.lat === null || address.lng === null ? null : { lat: address.lat, lng: address.lng },
  });
}

/** `POST /api/cart/quote`: the cart priced as an order of it would be, now. */
export async function quoteCart(
  db: Db,
  catalog: Pick<CatalogCache, "offerPrices">,
  settings: ShopSettings,
  input: QuoteRequest,
  userId: string | undefined,
): Promise<Quote> {
  const unknown = input.items.find((item) => !isUuid(item.product));
  if (unknown) throw new AppError("not_found", "Product not found", { productId: unknown.product });
  const ids = input.items.map((item) => item.product.toLowerCase());
  const prices = await catalog.offerPrices(ids, async (unknownIds) => {
    const rows = await db
      .select({ id: products.id, offerPricePaise: products.offerPricePaise })
      .from(products)
      .where(and(inArray(products.id, unknownIds), isNull(products.deletedAt)));
    return new Map(rows.map((row) => [row.id, row.offerPricePaise]));
  });
  const missing = ids.find((id) => prices.get(id) == null);
  if (missing) throw new AppError("not_found", "Product not found", { productId: missing });
  const price = priceCart(
    input.items.map((item) => ({
      unitPricePaise: prices.get(item.product.toLowerCase())!,
      quantity: item.quantity,
    })),
    settings.fees,
  );
  if (input.address === undefined) return quoteAnswer(price, null);
  if (!userId) throw notAuthorized();
  return quoteAnswer(price, await deliveryToAddress(db, settings, userId, input.address));
}
