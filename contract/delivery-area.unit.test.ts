import { describe, expect, it } from "vitest";
import { checkDelivery, haversineKm, type LatLng } from "./delivery-area";

// A shop in Pune (Shivajinagar) and points due north of it at a known great-circle distance.
const shop: LatLng = { lat: 18.5308, lng: 73.8475 };
const north = (km: number): LatLng => ({
  lat: shop.lat + (km / 6371.0088) * (180 / Math.PI),
  lng: shop.lng,
});

describe("where the shop delivers", () => {
  it("measures straight-line distance", () => {
    expect(haversineKm(shop, north(2.99))).toBeCloseTo(2.99, 6);
    // Pune to Mumbai (CSMT), about 120 km as the crow flies.
    expect(haversineKm(shop, { lat: 18.9398, lng: 72.8355 })).toBeCloseTo(115.9, 1);
  });

  it("accepts an address 2.99 km away and refuses one 3.01 km away, within 3 km", () => {
    const area = { radiusKm: 3, pinCodes: [] };
    expect(checkDelivery(area, shop, { location: north(2.99) })).toEqual({
      serviceable: true,
      distanceKm: 2.99,
      reason: null,
    });
    expect(checkDelivery(area, shop, { location: north(3.01) })).toEqual({
      serviceable: false,
      distanceKm: 3.01,
      reason: "Sorry, this address is 3.01 km from the shop; we deliver within 3 km.",
    });
  });

  it("refuses a PIN code outside the list, and judges one in it", () => {
    const area = { radiusKm: null, pinCodes: ["411001", "411005"] };
    expect(checkDelivery(area, shop, { pin: "411005" }).serviceable).toBe(true);
    expect(checkDelivery(area, shop, { pin: "400001" })).toEqual({
      serviceable: false,
      distanceKm: null,
      reason: "Sorry, we don't deliver to 400001 yet.",
    });
  });

  it("needs both rules when both are set, and asks for a place it cannot judge", () => {
    const both = { radiusKm: 3, pinCodes: ["411001"] };
    expect(checkDelivery(both, shop, { pin: "411001", location: north(4) }).serviceable).toBe(
      false,
    );
    // Without a location the PIN list, the shop's own word for its area, decides.
    expect(checkDelivery(both, shop, { pin: "411001" }).serviceable).toBe(true);
    const radiusOnly = { radiusKm: 3, pinCodes: [] };
    expect(checkDelivery(radiusOnly, shop, { pin: "411001" })).toMatchObject({
      serviceable: false,
      reason: "We deliver within 3 km of the shop. Share your location so we can check.",
    });
  });

  it("delivers anywhere with no PIN codes and no radius (or no location for the shop)", () => {
    expect(
      checkDelivery({ radiusKm: null, pinCodes: [] }, null, { pin: "110001" }).serviceable,
    ).toBe(true);
    expect(checkDelivery({ radiusKm: 3, pinCodes: [] }, null, { pin: "110001" }).serviceable).toBe(
      true,
    );
  });
});
