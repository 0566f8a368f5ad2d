import { z } from "zod";
import { idSchema, plainText, successSchema } from "./common";
import { FSSAI_PATTERN, isValidGstin, PIN_CODE_PATTERN, UPI_ID_PATTERN } from "./indian-ids";
import { MAX_QUANTITY } from "./limits";
import { hasAtMostTwoDecimals } from "./money";
import { spansProblem, TIME_PATTERN } from "./opening-hours";
import { normalisePhone } from "./phone";

// The shop's own settings (api-contract.md, "Additions (third series)": the shop and its delivery
// area), one schema for the seller's form and the server alike.

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

const timeSchema = z.string().regex(TIME_PATTERN, "must be a time like 21:30");

export const openSpanSchema = z.object({
  day: z.number().int().min(0).max(6),
  open: timeSchema,
  close: timeSchema,
});

export const openHoursSchema = z
  .array(openSpanSchema)
  .max(14)
  .superRefine((spans, ctx) => {
    const problem = spansProblem(spans);
    if (problem) ctx.addIssue({ code: "custom", message: `must have ${problem}` });
  });

/** A fee or threshold in rupees: 0 or more, at most two decimals. */
const feeSchema = z
  .number()
  .min(0)
  .max(100_000)
  .refine(hasAtMostTwoDecimals, "must have at most two decimals");

export const pinCodeSchema = z
  .string()
  .trim()
  .regex(PIN_CODE_PATTERN, "must be a 6-digit PIN code that does not start with 0");

export const deliverySettingsSchema = z.object({
  radiusKm: z.number().min(0.5).max(30).nullable(),
  pinCodes: z.array(pinCodeSchema).max(500),
  deliveryFee: feeSchema,
  freeAbove: feeSchema.nullable(),
  minimumOrder: feeSchema,
  smallCartFee: feeSchema,
  smallCartBelow: feeSchema,
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

const shopPhoneSchema = z
  .string()
  .trim()
  .max(24)
  .refine((text) => text === "" || normalisePhone(text) !== undefined, "must be a phone number")
  .transform((text) => (text === "" ? "" : normalisePhone(text)!));

const optionalId = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => pattern.test(text), message)
    .nullable();

export const shopFieldsSchema = z.object({
  name: plainText(1, 80),
  phone: shopPhoneSchema,
  address: plainText(0, 300),
  location: latLngSchema.nullable(),
  timeZone: plainText(1, 64).refine(isTimeZone, "must be a time zone like Asia/Kolkata"),
  openHours: openHoursSchema,
  fssaiNumber: optionalId(FSSAI_PATTERN, "must be 14 digits"),
  gstin: z
    .string()
    .trim()
    .transform((text) => text.toUpperCase())
    .refine(isValidGstin, "must be a valid GSTIN: 15 characters, the last its check character")
    .nullable(),
  upiId: optionalId(UPI_ID_PATTERN, "must look like name@bank"),
  delivery: deliverySettingsSchema,
});

/** `POST /api/seller/shop`: any of the fields; within `delivery` too; `null` clears a nullable one. */
export const shopUpdateSchema = shopFieldsSchema
  .omit({ delivery: true })
  .partial()
  .extend({ delivery: deliverySettingsSchema.partial().optional() });
export type ShopUpdate = z.infer<typeof shopUpdateSchema>;

/** The shop as answers carry it (what `shopFieldsSchema` parsed, as stored). */
export const shopSchema = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  location: latLngSchema.nullable(),
  timeZone: z.string(),
  openHours: z.array(openSpanSchema),
  fssaiNumber: z.string().nullable(),
  gstin: z.string().nullable(),
  upiId: z.string().nullable(),
  delivery: deliverySettingsSchema,
  /** Whether it is open now, and when it next opens if not (an ISO time; null: open, or never). */
  openNow: z.boolean(),
  opensAt: z.string().nullable(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopResponseSchema = successSchema.extend({ shop: shopSchema });
export type ShopResponse = z.infer<typeof shopResponseSchema>;

/** `GET /api/delivery/check?pin=NNNNNN` or `?lat=..&lng=..` (both may be given). */
export const deliveryCheckQuerySchema = z
  .object({
    pin: pinCodeSchema.optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: "must give both lat and lng, or neither",
    path: ["lat"],
  })
  .refine((q) => q.pin !== undefined || q.lat !== undefined, {
    message: "is required: give a PIN code or lat and lng",
    path: ["pin"],
  });

export const deliveryCheckResponseSchema = successSchema.extend({
  serviceable: z.boolean(),
  distanceKm: z.number().nullable(),
  reason: z.string().nullable(),
  deliveryFee: z.number(),
  freeAbove: z.number().nullable(),
  minimumOrder: z.number(),
});
export type DeliveryCheckResponse = z.infer<typeof deliveryCheckResponseSchema>;

/** `POST /api/cart/quote`: the cart's lines and, for a signed-in shopper, one of their addresses. */
export const quoteRequestSchema = z.object({
  items: z
    .array(z.object({ product: idSchema, quantity: z.number().int().min(1).max(MAX_QUANTITY) }))
    .min(1)
    .max(100),
  address: idSchema.optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteSchema = z.object({
  itemsTotal: z.number(),
  deliveryFee: z.number(),
  smallCartFee: z.number(),
  total: z.number(),
  freeDeliveryIn: z.number().nullable(),
  belowMinimumBy: z.number().nullable(),
  serviceable: z.boolean().nullable(),
  /** Why the address is not served (a sentence); null when it is, or no address was given. */
  reason: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponseSchema = successSchema.extend({ quote: quoteSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
