import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import { priceCart } from "../../contract/pricing";
import type { Quote, QuoteRequest, Shop } from "../../contract/shop";

/** A shop as `GET /api/shop` answers it: the demo's Pune shop with an area and fees set. */
export function shopFixture(overrides: Partial<Shop> = {}): Shop {
  return {
    name: "GreenCart Shivajinagar",
    phone: "+919822000123",
    address: "Shop 4, Sai Complex, FC Road, Shivajinagar, Pune 411005",
    location: { lat: 18.5308, lng: 73.8475 },
    timeZone: "Asia/Kolkata",
    openHours: [],
    fssaiNumber: "11526999000123",
    gstin: "27AAGCG1234K1ZN",
    upiId: "greencart.pune@okaxis",
    delivery: {
      radiusKm: null,
      pinCodes: ["411001", "411005"],
      deliveryFee: 25,
      freeAbove: 199,
      minimumOrder: 0,
      smallCartFee: 0,
      smallCartBelow: 0,
    },
    openNow: true,
    opensAt: null,
    ...overrides,
  };
}

/** The answer of `GET /api/shop` for `url`, or undefined when it is another call. */
export function shopAnswer(url: string, shop: Shop): { body: unknown } | undefined {
  return url === "/api/shop" ? { body: { success: true, shop } } : undefined;
}

/**
 * The answer of `POST /api/cart/quote` for a call to it, priced as the server prices it (the
 * contract's own priceCart) at `prices` (rupees by product id) with the shop's fees; `serviceable`
 * and `reason` as given for a call naming an address. Undefined when it is another call.
 */
export function quoteAnswer(
  url: string,
  init: RequestInit | undefined,
  prices: Record<string, number>,
  shop: Shop = shopFixture({ delivery: { ...shopFixture().delivery, deliveryFee: 0 } }),
  area: { serviceable: boolean; reason: string | null } = { serviceable: true, reason: null },
): { body: unknown } | undefined {
  if (url !== "/api/cart/quote") return undefined;
  const request = JSON.parse(init!.body as string) as QuoteRequest;
  const { delivery } = shop;
  const paise = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));
  const price = priceCart(
    request.items.map((item) => ({
      unitPricePaise: rupeesToPaise(prices[item.product]!),
      quantity: item.quantity,
    })),
    {
      deliveryFeePaise: paise(delivery.deliveryFee)!,
      freeAbovePaise: paise(delivery.freeAbove),
      minimumOrderPaise: paise(delivery.minimumOrder)!,
      smallCartFeePaise: paise(delivery.smallCartFee)!,
      smallCartBelowPaise: paise(delivery.smallCartBelow)!,
    },
  );
  const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p));
  const quote: Quote = {
    itemsTotal: rupees(price.itemsTotal)!,
    deliveryFee: rupees(price.deliveryFee)!,
    smallCartFee: rupees(price.smallCartFee)!,
    total: rupees(price.total)!,
    freeDeliveryIn: rupees(price.freeDeliveryIn),
    belowMinimumBy: rupees(price.belowMinimumBy),
    serviceable: request.address ? area.serviceable : null,
    reason: request.address ? area.reason : null,
  };
  return { body: { success: true, quote } };
}
