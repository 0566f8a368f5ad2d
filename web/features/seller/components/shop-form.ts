import type { z } from "zod";
import { shopFieldsSchema, type Shop, type ShopUpdate } from "../../../../contract/shop";

/** One opening span of a day as typed ("07:00" to "22:00"). */
export interface SpanForm {
  open: string;
  close: string;
}

/** The Shop settings form as typed: text until it is sent; `hours[0]` is Sunday. */
export interface ShopForm {
  name: string;
  phone: string;
  address: string;
  lat: string;
  lng: string;
  timeZone: string;
  hours: SpanForm[][];
  fssaiNumber: string;
  gstin: string;
  upiId: string;
  pinCodes: string;
  radiusKm: string;
  deliveryFee: string;
  freeAbove: string;
  minimumOrder: string;
  smallCartFee: string;
  smallCartBelow: string;
}

export type ShopField = Exclude<keyof ShopForm, "hours"> | "openHours";
export type ShopFormErrors = Partial<Record<ShopField, string>>;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];

const text = (value: number | null) => (value === null ? "" : String(value));

export function shopFormFrom(shop: Shop): ShopForm {
  const { delivery } = shop;
  return {
    name: shop.name,
    phone: shop.phone,
    address: shop.address,
    lat: text(shop.location?.lat ?? null),
    lng: text(shop.location?.lng ?? null),
    timeZone: shop.timeZone,
    hours: WEEKDAY_NAMES.map((_, day) =>
      shop.openHours.filter((s) => s.day === day).map(({ open, close }) => ({ open, close })),
    ),
    fssaiNumber: shop.fssaiNumber ?? "",
    gstin: shop.gstin ?? "",
    upiId: shop.upiId ?? "",
    pinCodes: delivery.pinCodes.join(", "),
    radiusKm: text(delivery.radiusKm),
    deliveryFee: text(delivery.deliveryFee),
    freeAbove: text(delivery.freeAbove),
    minimumOrder: text(delivery.minimumOrder),
    smallCartFee: text(delivery.smallCartFee),
    smallCartBelow: text(delivery.smallCartBelow),
  };
}

/** A number as typed: blank is `blank`; anything else not a number stays NaN for the schema. */
const numberOf = (typed: string, blank: number | null): number | null => {
  const trimmed = typed.trim();
  return trimmed === "" ? blank : Number(trimmed);
};
/** Blank: cleared (null). */
const orNull = (typed: string) => (typed.trim() === "" ? null : typed.trim());

/** What `POST /api/seller/shop` takes for the form: every field, blanks cleared. */
export function shopUpdateFrom(form: ShopForm): ShopUpdate {
  const lat = numberOf(form.lat, null);
  const lng = numberOf(form.lng, null);
  return {
    name: form.name,
    phone: form.phone,
    address: form.address,
    location: lat === null && lng === null ? null : { lat: lat ?? NaN, lng: lng ?? NaN },
    timeZone: form.timeZone,
    openHours: form.hours.flatMap((spans, day) => spans.map((span) => ({ day, ...span }))),
    fssaiNumber: orNull(form.fssaiNumber),
    gstin: orNull(form.gstin),
    upiId: orNull(form.upiId),
    delivery: {
      pinCodes: form.pinCodes.split(/[\s,;]+/).filter(Boolean),
      radiusKm: numberOf(form.radiusKm, null),
      deliveryFee: numberOf(form.deliveryFee, 0)!,
      freeAbove: numberOf(form.freeAbove, null),
      minimumOrder: numberOf(form.minimumOrder, 0)!,
      smallCartFee: numberOf(form.smallCartFee, 0)!,
      smallCartBelow: numberOf(form.smallCartBelow, 0)!,
    },
  };
}

/** The form's field for a path of the schema (or of the server's message: `delivery.radiusKm`). */
export function fieldOfPath(path: readonly PropertyKey[]): ShopField | undefined {
  const [first, second] = path.map(String);
  if (first === "delivery") return second as ShopField | undefined;
  if (first === "location") return second === "lng" ? "lng" : "lat";
  if (first === "openHours") return "openHours";
  return first as ShopField | undefined;
}

/** A schema's complaint as the form says it under the field: "Must be at least 0.5". */
function words(issue: z.core.$ZodIssue): string {
  let said: string;
  if (issue.code === "invalid_type") said = "must be a number";
  else if (issue.code === "too_small")
    said = issue.origin === "string" ? "is required" : `must be at least ${String(issue.minimum)}`;
  else if (issue.code === "too_big")
    said =
      issue.origin === "string"
        ? `must be at most ${String(issue.maximum)} characters`
        : issue.origin === "array"
          ? `must have at most ${String(issue.maximum)} entries`
          : `must be at most ${String(issue.maximum)}`;
  else said = issue.message;
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** The form's mistakes by field, found by the contract's own schema (the server's rules). */
export function shopFormErrors(form: ShopForm): ShopFormErrors {
  const result = shopFieldsSchema.safeParse(shopUpdateFrom(form));
  if (result.success) return {};
  const errors: ShopFormErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path);
    if (field && !errors[field]) errors[field] = words(issue);
  }
  return errors;
}

/**
 * The field a server's refusal names ("delivery.radiusKm must be at least 0.5") and its words
 * ("Must be at least 0.5"); undefined when it names none of the form's.
 */
export function serverFieldError(message: string): [ShopField, string] | undefined {
  const match = /^([\w.[\]]+) (.+)$/.exec(message);
  if (!match) return undefined;
  const field = fieldOfPath(match[1]!.split(/[.[\]]+/).filter(Boolean));
  const known: readonly string[] = [...Object.keys(shopFormFrom(emptyShop)), "openHours"];
  if (!field || !known.includes(field)) return undefined;
  return [field, match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1)];
}

const emptyShop: Shop = {
  name: "",
  phone: "",
  address: "",
  location: null,
  timeZone: "",
  openHours: [],
  fssaiNumber: null,
  gstin: null,
  upiId: null,
  delivery: {
    radiusKm: null,
    pinCodes: [],
    deliveryFee: 0,
    freeAbove: null,
    minimumOrder: 0,
    smallCartFee: 0,
    smallCartBelow: 0,
  },
  openNow: true,
  opensAt: null,
};
