import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AddressInput } from "../../../contract/address";
import type { OrderProductSnapshot } from "../../../contract/order";
import { createdAt, updatedAt } from "./columns";
import { addresses, users } from "./accounts";
import { products } from "./catalog";

// Orders, their items as they were sold, their status history, the Idempotency-Keys that placed
// them and the events the live order streams follow.

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** Snapshot of the delivery address when the order was placed. */
    address: jsonb("address").$type<AddressInput & { _id: string }>().notNull(),
    addressId: uuid("address_id").references(() => addresses.id, { onDelete: "set null" }),
    amountPaise: integer("amount_paise").notNull(),
    paymentType: text("payment_type").notNull(),
    status: text("status").notNull(),
    isPaid: boolean("is_paid").notNull().default(false),
    /** Set when money arrived for an order that could no longer be honoured (see payments). */
    /** What the items came to; `amount_paise` adds the fees below (contract/pricing.ts). */
    itemsTotalPaise: integer("items_total_paise").notNull().default(0),
    deliveryFeePaise: integer("delivery_fee_paise").notNull().default(0),
    smallCartFeePaise: integer("small_cart_fee_paise").notNull().default(0),
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** When the money went back to the shopper (needs_refund is cleared then). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** When a seller asked for the refund (a second request while it runs is refused). */
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    /** The payment provider's id of the refund. */
    refundReference: text("refund_reference"),
    /** For an online order paid: the provider's id of the payment (Razorpay's `pay_...`). */
    paymentId: text("payment_id"),
    /** How it was paid, as the provider says (`upi`, `card`, `netbanking`, `wallet`...). */
    paymentMethod: text("payment_method"),
    /**
     * For an online order: the network its checkout came from (an IPv4 address, or an IPv6 /64),
     * so that one network's unpaid checkouts can be counted (decision 013).
     */
    clientNetwork: text("client_network"),
    /** For online orders awaiting payment: when the stock hold lapses. */
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true }),
    /** When the order became `Order Placed` (cash on delivery: at once; online: once paid). */
    placedAt: timestamp("placed_at", { withTimezone: true }),
    /** When it left the shop (`Out for Delivery`). */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    deliverBy: timestamp("deliver_by", { withTimezone: true }).notNull(),
    /** Why a seller or the shopper cancelled it (contract/order.ts, cancelReasons); null otherwise. */
    cancelReason: text("cancel_reason"),
    /** The seller's words to the shopper about the cancellation, at most 200 characters. */
    cancelNote: text("cancel_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_amount_nonnegative", sql`${t.amountPaise} >= 0`),
    check(
      "orders_amount_is_items_and_fees",
      sql`${t.amountPaise} = ${t.itemsTotalPaise} + ${t.deliveryFeePaise} + ${t.smallCartFeePaise}`,
    ),
    check("orders_payment_type_known", sql`${t.paymentType} in ('COD','Online')`),
    check(
      "orders_status_known",
      sql`${t.status} in ('Awaiting Payment','Order Placed','Packing','Out for Delivery','Delivered','Cancelled')`,
    ),
    check(
      "orders_cod_never_awaits_payment",
      sql`not (${t.paymentType} = 'COD' and ${t.status} = 'Awaiting Payment')`,
    ),
    check(
      "orders_cancel_reason_known",
      sql`${t.cancelReason} is null or (${t.status} = 'Cancelled' and ${t.cancelReason} in ('out_of_stock','cannot_deliver','shopper_asked','other'))`,
    ),
    check(
      "orders_cancel_note_with_reason",
      sql`${t.cancelNote} is null or (${t.cancelReason} is not null and char_length(${t.cancelNote}) between 1 and 200)`,
    ),
    index("orders_user_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Newest first with the id as tie-break, as the seller's lists page (keyset on created_at, id).
    index("orders_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_payment_expiry_idx")
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'Awaiting Payment'`),
    index("orders_awaiting_user_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'Awaiting Payment'`),
    index("orders_awaiting_network_idx")
      .on(t.clientNetwork)
      .where(sql`${t.status} = 'Awaiting Payment'`),
    // With INCLUDE (amount_paise, is_paid, status), added by migration 0003 (the dashboard).
    index("orders_placed_idx").on(t.placedAt),
    // The CSV export: orders by the day the dashboard counts them on, in keyset batches. An order
    // paid after its hold lapsed (never placed, money owed back) by the day it was started.
    index("orders_placed_or_created_idx").on(sql`coalesce(${t.placedAt}, ${t.createdAt})`, t.id),
    index("orders_open_deliver_by_idx")
      .on(t.deliverBy)
      .where(sql`${t.status} in ('Order Placed','Packing','Out for Delivery')`),
    // The dashboard's dispatch times and deliveries on time, by the day they happened (an order
    // placed days ago may go out today). Partial: a new order, not yet either, costs them nothing.
    index("orders_dispatched_idx")
      .on(t.dispatchedAt)
      .where(sql`${t.dispatchedAt} is not null`),
    index("orders_delivered_idx")
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} is not null`),
    // Paid orders cancelled whose money is still to go back: the seller's list of refunds owed.
    index("orders_refund_due_idx")
      .on(t.createdAt)
      .where(sql`${t.needsRefund}`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    quantity: integer("quantity").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    /** The product as it was when ordered: later edits or deletion do not change past orders. */
    product: jsonb("product").$type<OrderProductSnapshot>().notNull(),
  },
  (t) => [
    check("order_items_quantity_range", sql`${t.quantity} between 1 and 99`),
    check("order_items_price_positive", sql`${t.unitPricePaise} > 0`),
    // With INCLUDE (quantity, unit_price_paise), added by migration 0003 (the dashboard).
    uniqueIndex("order_items_order_product_key").on(t.orderId, t.productId),
    index("order_items_product_idx").on(t.productId),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** Who made the change: shopper, seller, payment or system. */
    actor: text("actor").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.id)],
);

/**
 * Idempotency-Key claims: the order a key created, written in the same transaction as the order,
 * so a replay of the same request answers with that order.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Order changes, in the order they were committed, for the live order streams: written in the
 * same transaction as the change they report, kept at least 24 hours for `Last-Event-ID` replays.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    status: text("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_user_idx").on(t.userId, t.id), index("order_events_at_idx").on(t.at)],
);
