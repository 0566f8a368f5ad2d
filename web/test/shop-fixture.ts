import type { Shop } from "../../contract/shop";

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
