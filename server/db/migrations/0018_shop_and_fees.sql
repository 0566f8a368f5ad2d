CREATE TABLE "shop" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT 'GreenCart' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"time_zone" text,
	"open_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fssai_number" text,
	"gstin" text,
	"upi_id" text,
	"delivery_radius_km" double precision,
	"pin_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery_fee_paise" integer DEFAULT 0 NOT NULL,
	"free_above_paise" integer,
	"minimum_order_paise" integer DEFAULT 0 NOT NULL,
	"small_cart_fee_paise" integer DEFAULT 0 NOT NULL,
	"small_cart_below_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_one_row" CHECK ("shop"."id" = 1),
	CONSTRAINT "shop_location_whole" CHECK (("shop"."lat" is null) = ("shop"."lng" is null)),
	CONSTRAINT "shop_fees_nonnegative" CHECK ("shop"."delivery_fee_paise" >= 0 and coalesce("shop"."free_above_paise", 0) >= 0 and "shop"."minimum_order_paise" >= 0 and "shop"."small_cart_fee_paise" >= 0 and "shop"."small_cart_below_paise" >= 0),
	CONSTRAINT "shop_radius_range" CHECK ("shop"."delivery_radius_km" is null or "shop"."delivery_radius_km" between 0.5 and 30)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_total_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "small_cart_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before fees: their amount was their items.
UPDATE "orders" SET "items_total_paise" = "amount_paise";--> statement-breakpoint
-- The one shop, delivering anywhere for free until the seller says otherwise.
INSERT INTO "shop" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- place_order takes the fees priced by contract/pricing.ts and when the order's promise counts
-- from (the shop's next opening): the function of the old arguments goes
-- (server/db/functions/place_order.sql makes the new one, decision 038).
DROP FUNCTION IF EXISTS place_order(uuid, uuid, jsonb, text, text, text, integer, integer, integer, numeric, integer, text, integer, numeric);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_is_items_and_fees" CHECK ("orders"."amount_paise" = "orders"."items_total_paise" + "orders"."delivery_fee_paise" + "orders"."small_cart_fee_paise");