import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { orders } from "./orders";

// The stock ledger: every change of a product's stock, written by a trigger
// (server/db/functions/record_stock_change.sql).

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
