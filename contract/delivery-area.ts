// Where the shop delivers (decision 045): a list of PIN codes and/or a radius around the shop.
// The server judges every check and order with it; the words are the shopper's.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface DeliveryArea {
  /** Straight-line distance from the shop it delivers within; null: no radius. */
  radiusKm: number | null;
  /** The PIN codes it delivers to; empty: any PIN code. */
  pinCodes: readonly string[];
}

export interface DeliveryCheck {
  serviceable: boolean;
  /** From the shop, when both places are known; rounded to 10 m. */
  distanceKm: number | null;
  /** Why not, in a sentence for the shopper; null when serviceable. */
  reason: string | null;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance between two points, in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether the shop delivers to a place: its PIN code must be in the list (when there is one) and,
 * when the shop has a location and a radius, its distance within the radius. A place whose
 * location is unknown is judged by its PIN code when the shop lists PIN codes (the list is the
 * shop's own word for its area), and refused otherwise with a request for the location.
 */
export function checkDelivery(
  area: DeliveryArea,
  shopLocation: LatLng | null,
  place: { pin?: string | null; location?: LatLng | null },
): DeliveryCheck {
  const pin = place.pin?.trim() || null;
  if (area.pinCodes.length > 0) {
    if (!pin) return refused(null, "Enter your PIN code to check whether we deliver to you.");
    if (!area.pinCodes.includes(pin))
      return refused(null, `Sorry, we don't deliver to ${pin} yet.`);
  }
  const radius = shopLocation ? area.radiusKm : null;
  if (radius === null || !shopLocation)
    return { serviceable: true, distanceKm: null, reason: null };
  if (!place.location) {
    if (area.pinCodes.length > 0) return { serviceable: true, distanceKm: null, reason: null };
    return refused(
      null,
      `We deliver within ${formatKm(radius)} of the shop. Share your location so we can check.`,
    );
  }
  const distance = haversineKm(shopLocation, place.location);
  const distanceKm = Math.round(distance * 100) / 100;
  if (distance > radius)
    return refused(
      distanceKm,
      `Sorry, this address is ${formatKm(distanceKm)} from the shop; we deliver within ${formatKm(radius)}.`,
    );
  return { serviceable: true, distanceKm, reason: null };
}

const refused = (distanceKm: number | null, reason: string): DeliveryCheck => ({
  serviceable: false,
  distanceKm,
  reason,
});

/** 3 km, 2.5 km, 0.75 km. */
export const formatKm = (km: number) => `${Number(km.toFixed(2))} km`;
