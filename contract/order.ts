import { z } from "zod";
import { addressSchema } from "./address";
import { categoryKeys } from "./categories";
import { idSchema, messageSchema, plainText, successSchema, timestampSchema } from "./common";
import { MAX_QUANTITY } from "./limits";
import { hasAtMostTwoDecimals } from "./money";
import { cancelReasons, MAX_CANCEL_NOTE, orderStatuses, paymentTypes } from "./order-status";

export const orderItemInputSchema = z.object({
  product: idSchema,
  quantity: z.number().min(1).max(MAX_QUANTITY).int(),
  /**
   * The offer price (rupees) the shopper was shown for it. Never what is charged: if the product's
   * price is another one now, the order is refused (409 `price_changed`) and nothing is written.
   */
  shownOfferPrice: z
    .number()
    .nonnegative()
    .max(10_000_000)
    .refine(hasAtMostTwoDecimals, "must have at most two decimals")
    .optional(),
});

/** Body of `POST /api/order/cod` and `/api/order/stripe`. A client `userId` is ignored. */
export const placeOrderSchema = z.object({
  items: z
    .array(orderItemInputSchema)
    .min(1)
    .max(100)
    .refine(
      // Ids are UUIDs, the same in either case.
      (items) => new Set(items.map((i) => i.product.toLowerCase())).size === items.length,
      "must not repeat a product",
    ),
  address: idSchema,
  /**
   * The total (rupees: items and fees) the shopper was shown. Never what is charged: if the
   * server's total is another one now, the order is refused (409 `price_changed`), nothing written.
   */
  shownTotal: z
    .number()
    .nonnegative()
    .max(100_000_000)
    .refine(hasAtMostTwoDecimals, "must have at most two decimals")
    .optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const idempotencyKeySchema = z.string().min(1).max(255);

export const orderIdBodySchema = z.object({ orderId: idSchema });
export const cancelOrderSchema = orderIdBodySchema;
export const orderIdParamsSchema = z.object({ id: z.string().max(200) });

/**
 * Body of `POST /api/order/status`. A cancellation says why (`reason`), with an optional `note`
 * for the shopper, which `other` requires; both are ignored with any other status.
 */
export const orderStatusChangeSchema = z
  .object({
    orderId: idSchema,
    status: z.enum(orderStatuses),
    reason: z.enum(cancelReasons).optional(),
    note: plainText(0, MAX_CANCEL_NOTE).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status !== "Cancelled") return;
    if (body.reason === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: "is required to cancel an order",
      });
    else if (body.reason === "other" && !body.note)
      ctx.addIssue({
        code: "custom",
        path: ["note"],
        message: "is required when the reason is other",
      });
  });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** Why an order was cancelled, as every order answer carries it (null when it was not). */
export const cancelReasonSchema = z.object({
  reason: z.enum(cancelReasons),
  /** The seller's words to the shopper; null without any. */
  note: z.string().nullable(),
});
export type OrderCancelReason = z.infer<typeof cancelReasonSchema>;

/** The order number shoppers and the seller both see: the first 8 characters of its id. */
export const orderNumber = (id: string) => id.slice(0, 8);

/** How many orders a seller list answers: the newest of a status, or every open one (the queue). */
export const SELLER_LIST_LIMIT = 200;
export const OPEN_QUEUE_LIMIT = 500;
/**
 * An open order this long past its promise is stale (a cash order delivered but never marked so,
 * say): the queue lists it after every order still in play, and past `OPEN_QUEUE_LIMIT` it is the
 * stale orders, the longest past first, that are left out.
 */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** How many of their newest orders a shopper's list answers without `limit` or `cursor`. */
export const SHOPPER_LIST_LIMIT = 200;

/** Pages of a newest-first order list: `limit` at a time, from `cursor`. */
export const orderPageQuerySchema = z.object({
  limit: z.coerce.number().min(1).max(SELLER_LIST_LIMIT).int().optional(),
  cursor: plainText(1, 200).optional(),
});

/** The seller's newest-first lists (every status, or one), paged as `orderPageQuerySchema`. */
export const sellerOrderQuerySchema = orderPageQuerySchema.extend({
  status: z.enum(orderStatuses).optional(),
});

/** A product as it was when ordered: later edits or deletion do not change past orders. */
export const orderProductSnapshotSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null for a product sold without a category. */
  category: z.enum(categoryKeys).nullable(),
  image: z.array(z.string()),
  price: z.number(),
  offerPrice: z.number(),
  weight: z.string().optional(),
});
export type OrderProductSnapshot = z.infer<typeof orderProductSnapshotSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  items: z.array(z.object({ product: orderProductSnapshotSchema, quantity: z.number().int() })),
  /** What the items came to (Σ offer price × quantity when ordered). */
  itemsTotal: z.number(),
  /** The fees charged on top, each its own line (contract/pricing.ts). */
  fees: z.object({ delivery: z.number(), smallCart: z.number() }),
  /** What the order costs: items and fees. */
  amount: z.number(),
  paymentType: z.enum(paymentTypes),
  status: z.enum(orderStatuses),
  isPaid: z.boolean(),
  /** Money was taken for an order that ended cancelled and has not been returned yet. */
  refundDue: z.boolean(),
  /** When the money was sent back; null until refunded. */
  refundedAt: timestampSchema.nullable(),
  /** For an online order paid: the payment provider's id of the payment (Razorpay's `pay_...`); null otherwise. */
  paymentId: z.string().nullable(),
  /** How it was paid, as the provider reports it (`upi`, `card`, `netbanking`, `wallet`...); null when not told. */
  paymentMethod: z.string().nullable(),
  address: addressSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** The promise: 30 minutes after the order was placed (for online orders: once paid). */
  deliverBy: timestampSchema,
  deliveredAt: timestampSchema.nullable(),
  /**
   * Why it was cancelled, when the seller or the shopper cancelled it; null for any other order
   * (and for an unpaid checkout the store or the payment provider gave up).
   */
  cancelReason: cancelReasonSchema.nullable(),
  /** Every status the order went through, oldest first. */
  history: z.array(z.object({ status: z.enum(orderStatuses), at: timestampSchema })),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListResponseSchema = successSchema.extend({
  orders: z.array(orderSchema),
  /** With `limit` or `cursor`: pass as `cursor` for the next, older page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
export const sellerOrderListResponseSchema = orderListResponseSchema.extend({
  /** With `open=true`: how many orders are open in all, listed or not. */
  openTotal: z.number().int().optional(),
  /** With `open=true`: how many orders are in each open status, listed or not. */
  openCounts: z
    .object({
      "Order Placed": z.number().int(),
      Packing: z.number().int(),
      "Out for Delivery": z.number().int(),
    })
    .optional(),
});
export type SellerOrderListResponse = z.infer<typeof sellerOrderListResponseSchema>;
export type OpenCounts = NonNullable<SellerOrderListResponse["openCounts"]>;
export const orderResponseSchema = successSchema.extend({ order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;
export const orderChangedSchema = messageSchema.extend({ order: orderSchema });
export type OrderChangedResponse = z.infer<typeof orderChangedSchema>;
export const orderPlacedSchema = messageSchema.extend({ orderId: z.string() });
export type OrderPlacedResponse = z.infer<typeof orderPlacedSchema>;
export const checkoutStartedSchema = successSchema.extend({
  /** The payment provider's page (absolute). */
  url: z.string(),
  orderId: z.string(),
});
export type CheckoutStartedResponse = z.infer<typeof checkoutStartedSchema>;

/** `POST /api/order/unpaid/cancel`: the shopper's unfinished online checkouts, given up. */
export const unpaidCancelledSchema = messageSchema.extend({
  /** How many were cancelled (their stock returned); 0 when none was waiting. */
  cancelled: z.number().int(),
});
export type UnpaidCancelledResponse = z.infer<typeof unpaidCancelledSchema>;

export const pickListResponseSchema = successSchema.extend({
  items: z.array(
    z.object({
      product: z.object({
        _id: z.string(),
        name: z.string(),
        category: z.enum(categoryKeys).nullable(),
        image: z.array(z.string()),
        weight: z.string().optional(),
      }),
      quantity: z.number().int(),
      orderIds: z.array(z.string()),
    }),
  ),
});
export type PickList = z.infer<typeof pickListResponseSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, "must be a real date");

export const orderExportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: "must not be before from", path: ["to"] })
  .refine(
    (q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 366 * 86_400_000,
    { message: "must be at most a year after from", path: ["to"] },
  );
