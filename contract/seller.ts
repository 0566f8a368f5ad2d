import { z } from "zod";
import { successSchema } from "./common";
import { productListQuerySchema, productSchema } from "./product";

export const sellerLoginSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters")
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(128),
});
export type SellerLoginInput = z.infer<typeof sellerLoginSchema>;

/** `GET /api/seller/shop`: the shop's settings the seller's pages need. */
export const shopSettingsResponseSchema = successSchema.extend({
  /** The shop's time zone (SHOP_TIME_ZONE): its days, and the times the seller's pages show. */
  timeZone: z.string(),
  /** Who takes online payments (PAYMENT_PROVIDER): the seller's pages offer what it allows. */
  paymentProvider: z.enum(["demo", "stripe", "razorpay"]).optional(),
});
export type ShopSettings = z.infer<typeof shopSettingsResponseSchema>;

export const dashboardQuerySchema = z.object({
  days: z.enum(["7", "30"]).default("7").transform(Number),
});

/** `GET /api/seller/dashboard`: the shop's day and period in numbers (money in rupees). */
export const dashboardResponseSchema = successSchema.extend({
  /** The shop's time zone the days are counted in (SHOP_TIME_ZONE). */
  timeZone: z.string(),
  today: z.object({
    /** Orders placed today (cash on delivery, and online once paid), cancelled ones included. */
    orders: z.number().int(),
    /** Paid online plus delivered cash on delivery, of orders placed today and not cancelled. */
    revenue: z.number(),
    /** Mean amount of today's orders that are not cancelled; 0 when there are none. */
    averageOrderValue: z.number(),
    /** Median minutes from placed to out for delivery, of orders dispatched today. */
    medianMinutesToDispatch: z.number().nullable(),
    /** Share of today's deliveries made by their deliverBy time; null when none was delivered. */
    onTimeRate: z.number().min(0).max(1).nullable(),
    /** Open orders past their deliverBy time right now. */
    lateNow: z.number().int(),
  }),
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  topProducts: z.array(
    z.object({ _id: z.string(), name: z.string(), units: z.number().int(), revenue: z.number() }),
  ),
  lowStock: z.array(productSchema),
});
export type Dashboard = z.infer<typeof dashboardResponseSchema>;

/**
 * `GET /api/seller/product-counts`: the seller's product list's search and category (as the list
 * takes them), without its stock level, which the counts are of.
 */
export const productCountsQuerySchema = productListQuerySchema.pick({ q: true, category: true });
export type ProductCountsQuery = z.infer<typeof productCountsQuerySchema>;

const countSchema = z.number().int().min(0);

/**
 * How many products the list answers for that search and category: in all, and with each `stock`
 * filter (`low`: at or below its low-stock threshold, sold out included; `out`: no units left;
 * `off`: switched off sale by the seller). Deleted products are never counted.
 */
export const productCountsResponseSchema = successSchema.extend({
  counts: z.object({ all: countSchema, low: countSchema, out: countSchema, off: countSchema }),
});
export type ProductCountsResponse = z.infer<typeof productCountsResponseSchema>;
export type ProductCounts = ProductCountsResponse["counts"];
