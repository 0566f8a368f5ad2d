import { z } from "zod";
import { idSchema } from "./common";
import { orderStatuses, type paymentTypes } from "./order-status";
import type { Address } from "./address";
import type { Product } from "./product";

export const orderItemInputSchema = z.object({
  product: idSchema,
  quantity: z.number().int().min(1).max(99),
});

/** Body of `POST /api/order/cod` and `/api/order/stripe`. A client `userId` is ignored. */
export const placeOrderSchema = z.object({
  items: z
    .array(orderItemInputSchema)
    .min(1)
    .max(100)
    .refine(
      (items) => new Set(items.map((i) => i.product)).size === items.length,
      "must not repeat a product",
    ),
  address: idSchema,
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const idempotencyKeySchema = z.string().min(1).max(255);

export const cancelOrderSchema = z.object({ orderId: idSchema });

export const orderStatusChangeSchema = z.object({
  orderId: idSchema,
  status: z.enum(orderStatuses),
});

export const sellerOrderQuerySchema = z.object({
  status: z.enum(orderStatuses).optional(),
});

export type OrderProductSnapshot = Pick<
  Product,
  "_id" | "name" | "category" | "image" | "price" | "offerPrice" | "weight"
>;

export interface Order {
  _id: string;
  items: { product: OrderProductSnapshot; quantity: number }[];
  amount: number;
  paymentType: (typeof paymentTypes)[number];
  status: (typeof orderStatuses)[number];
  isPaid: boolean;
  /** Money was taken for an order that ended cancelled; it is owed back to the shopper. */
  refundDue: boolean;
  address: Address;
  createdAt: string;
  updatedAt: string;
  deliverBy: string;
  statusHistory?: { status: string; at: string }[];
}
