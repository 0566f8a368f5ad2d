import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// What the shop sells: products, and their pictures when they live in the database.

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** One of the store's categories, or null: listed under All products only (store-spec.md 5). */
    category: text("category"),
    pricePaise: integer("price_paise").notNull(),
    offerPricePaise: integer("offer_price_paise").notNull(),
    /** URLs under /media/, largest first. */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    description: jsonb("description").$type<string[]>().notNull().default([]),
    weight: text("weight"),
    stock: integer("stock").notNull().default(0),
    /**
     * Of the units taken from `stock`, how many unpaid online checkouts hold: kept by place_order
     * (which refuses a checkout past the share they may hold) and by the trigger that releases an
     * order's hold when it leaves `Awaiting Payment` (decision 013).
     */
    heldUnpaid: integer("held_unpaid").notNull().default(0),
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
    check("products_held_unpaid_nonnegative", sql`${t.heldUnpaid} >= 0`),
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
    // A null category passes (a CHECK fails only on false): a product may have none.
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

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** Stored images when they live in the database (MEDIA_STORE=database): every process serves them. */
export const media = pgTable("media", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});
