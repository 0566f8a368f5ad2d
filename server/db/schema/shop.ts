import { sql } from "drizzle-orm";
import { check, doublePrecision, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { OpenSpan } from "../../../contract/opening-hours";
import { updatedAt } from "./columns";

// Who the shop is and where it delivers (decision 045): one row, made by the migration with the
// defaults of a shop that delivers anywhere for free, filled by the seller's Shop settings (or
// the demo's Pune shop at a demo start).
export const shop = pgTable(
  "shop",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull().default("GreenCart"),
    /** As stored by contract/phone.ts normalisePhone; empty until set. */
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    /** IANA zone; null: the server's SHOP_TIME_ZONE. */
    timeZone: text("time_zone"),
    /** Spans of local time per weekday (contract/opening-hours.ts); empty: always open. */
    openHours: jsonb("open_hours").$type<OpenSpan[]>().notNull().default([]),
    fssaiNumber: text("fssai_number"),
    gstin: text("gstin"),
    upiId: text("upi_id"),
    deliveryRadiusKm: doublePrecision("delivery_radius_km"),
    pinCodes: jsonb("pin_codes").$type<string[]>().notNull().default([]),
    deliveryFeePaise: integer("delivery_fee_paise").notNull().default(0),
    freeAbovePaise: integer("free_above_paise"),
    minimumOrderPaise: integer("minimum_order_paise").notNull().default(0),
    smallCartFeePaise: integer("small_cart_fee_paise").notNull().default(0),
    smallCartBelowPaise: integer("small_cart_below_paise").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_one_row", sql`${t.id} = 1`),
    check("shop_location_whole", sql`(${t.lat} is null) = (${t.lng} is null)`),
    check(
      "shop_fees_nonnegative",
      sql`${t.deliveryFeePaise} >= 0 and coalesce(${t.freeAbovePaise}, 0) >= 0 and ${t.minimumOrderPaise} >= 0 and ${t.smallCartFeePaise} >= 0 and ${t.smallCartBelowPaise} >= 0`,
    ),
    check(
      "shop_radius_range",
      sql`${t.deliveryRadiusKm} is null or ${t.deliveryRadiusKm} between 0.5 and 30`,
    ),
  ],
);
