import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
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
import type { AddressInput } from "../../contract/address";
import type { OrderProductSnapshot } from "../../contract/order";

// Every table here is PostgreSQL: the same schema and migrations serve PGlite and a PostgreSQL server.
// The CHECKs and unique keys are the invariants of architecture.md rule 4: they hold even if code is wrong.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    cartItems: jsonb("cart_items").$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
    check("users_name_length", sql`char_length(${t.name}) between 1 and 80`),
  ],
);

export const sellers = pgTable(
  "sellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sellers_email_key").on(t.email),
    check("sellers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id").references(() => sellers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("sessions_one_owner", sql`(${t.userId} is null) <> (${t.sellerId} is null)`),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    pricePaise: integer("price_paise").notNull(),
    offerPricePaise: integer("offer_price_paise").notNull(),
    /** URLs under /media/, largest first. */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    description: jsonb("description").$type<string[]>().notNull().default([]),
    weight: text("weight"),
    stock: integer("stock").notNull().default(0),
    inStock: boolean("in_stock").notNull().default(false),
    /**
     * The seller took it off sale (`POST /api/product/stock`): it stays off whatever its stock
     * does until they put it back. Off sale without this is sold out, back on sale with stock.
     */
    switchedOff: boolean("switched_off").notNull().default(false),
    /** At or below this many units the seller is told to restock. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    /**
     * Raised (from a sequence, by a trigger) whenever stock or in_stock changes, under the row's
     * lock: of two readings of one product, the higher version is the newer (catalogue cache).
     */
    stockVersion: bigint("stock_version", { mode: "number" }).notNull().default(0),
    /** Set when a seller deletes the product: hidden from the catalogue, kept for past orders. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_in_stock_needs_stock", sql`not ${t.inStock} or ${t.stock} > 0`),
    // On sale exactly when there is stock, the seller has not switched it off, and it is not deleted.
    check(
      "products_in_stock_follows",
      sql`${t.inStock} = (${t.stock} > 0 and not ${t.switchedOff} and ${t.deletedAt} is null)`,
    ),
    check("products_price_positive", sql`${t.pricePaise} > 0`),
    check(
      "products_offer_price_range",
      sql`${t.offerPricePaise} > 0 and ${t.offerPricePaise} <= ${t.pricePaise}`,
    ),
    check("products_name_length", sql`char_length(${t.name}) between 1 and 120`),
    check("products_low_stock_threshold_nonnegative", sql`${t.lowStockThreshold} >= 0`),
    check(
      "products_category_known",
      sql`${t.category} in ('Vegetables','Fruits','Drinks','Instant','Dairy','Bakery','Grains')`,
    ),
    // Indexes read newest first are DESC NULLS FIRST, as `order by … desc` asks: drizzle-kit's
    // default for desc() is NULLS LAST, which PostgreSQL cannot read in that order (migration 0013).
    index("products_listing_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("products_category_idx")
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // Both search indexes take new names at once rather than in a pending list that only VACUUM
    // merges: on PGlite, vacuumed only by the store's upkeep once 20% of a table has changed
    // (decision 035), every search read the whole list (migration 0014).
    index("products_name_trgm_idx")
      .using("gin", sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The name's words and their spellings with one letter left out, for search with typos
    // (catalog-search.ts; server/db/functions/product_name_keys.sql defines product_name_keys).
    index("products_name_keys_idx")
      .using("gin", sql`product_name_keys(${t.name})`)
      .with({ fastupdate: false }),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipcode: text("zipcode").notNull(),
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    /** The add's Idempotency-Key, if it sent one: a retry of that add answers with this address. */
    idempotencyKey: text("idempotency_key"),
    /** What the key stood for (addresses-service.ts addRequestHash): another body with it is refused. */
    requestHash: text("request_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    // One address per shopper and key, whatever runs at once (adds without a key are NULL: distinct).
    uniqueIndex("addresses_user_idempotency_key").on(t.userId, t.idempotencyKey),
    check(
      "addresses_key_has_hash",
      sql`(${t.idempotencyKey} is null) = (${t.requestHash} is null)`,
    ),
  ],
);

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
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** When the money went back to the shopper (needs_refund is cleared then). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** When a seller asked for the refund (a second request while it runs is refused). */
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    /** The payment provider's id of the refund. */
    refundReference: text("refund_reference"),
    /** For online orders awaiting payment: when the stock hold lapses. */
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true }),
    /** When the order became `Order Placed` (cash on delivery: at once; online: once paid). */
    placedAt: timestamp("placed_at", { withTimezone: true }),
    /** When it left the shop (`Out for Delivery`). */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    deliverBy: timestamp("deliver_by", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_amount_nonnegative", sql`${t.amountPaise} >= 0`),
    check("orders_payment_type_known", sql`${t.paymentType} in ('COD','Online')`),
    check(
      "orders_status_known",
      sql`${t.status} in ('Awaiting Payment','Order Placed','Packing','Out for Delivery','Delivered','Cancelled')`,
    ),
    check(
      "orders_cod_never_awaits_payment",
      sql`not (${t.paymentType} = 'COD' and ${t.status} = 'Awaiting Payment')`,
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

/** A hosted checkout created with a payment provider for one online order. */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The provider's page: absolute, or a path of this store (the demo provider) made absolute at the edge. */
    url: text("url").notNull(),
    /** Where the shopper goes back to after paying or cancelling: an allowed CORS origin, the store's own address they shopped at (PUBLIC_URL unset), or null for PUBLIC_URL. */
    returnOrigin: text("return_origin"),
    amountPaise: integer("amount_paise").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_sessions_order_key").on(t.orderId)],
);

/** Provider events already applied: the unique key makes each one count at most once. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** What applying the event did (paid, cancelled, ignored, refund_needed...). */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_key").on(t.provider, t.eventId)],
);

/**
 * Counters of the authentication limits (login attempts, registrations), one row per subject,
 * changed by one conditional statement per attempt so that concurrent requests and several
 * processes count exactly (docs/decisions/010-login-limits.md).
 */
export const authCounters = pgTable("auth_counters", {
  /** What is counted, e.g. `login:user:<email>:<ip>`, `login-ip:<ip>`, `register:<ip>`. */
  subject: text("subject").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  /** For limits that slow down instead of refusing: the earliest time the next attempt may run. */
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }),
});

/**
 * Every change of a product's stock, written by a database trigger in the same transaction as the
 * change (so none is ever missed); the business action says why through transaction-local
 * settings (`greencart.stock_reason`, ...). Also the feed that keeps each process's catalogue
 * cache up to date (docs/decisions/008-catalogue-cache.md).
 */
export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    change: integer("change").notNull(),
    stockAfter: integer("stock_after").notNull(),
    inStockAfter: boolean("in_stock_after").notNull(),
    stockVersion: bigint("stock_version", { mode: "number" }).notNull(),
    /** order, cancel, payment_lapsed, restock or edit. */
    reason: text("reason").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** shopper, seller <email>, payment or system. */
    actor: text("actor").notNull(),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "stock_ledger_reason_known",
      sql`${t.reason} in ('order','cancel','payment_lapsed','restock','edit')`,
    ),
    index("stock_ledger_product_idx").on(t.productId, t.id.desc().nullsFirst()),
  ],
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

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** Stored images when they live in the database (MEDIA_STORE=database): every process serves them. */
export const media = pgTable("media", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});
