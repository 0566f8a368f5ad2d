ALTER TABLE "products" ADD COLUMN "held_unpaid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
CREATE INDEX "orders_awaiting_network_idx" ON "orders" USING btree ("client_network") WHERE "orders"."status" = 'Awaiting Payment';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_held_unpaid_nonnegative" CHECK ("products"."held_unpaid" >= 0);--> statement-breakpoint
-- What unpaid checkouts hold already, counted once (place_order and release_unpaid_hold keep it).
UPDATE "products" p SET "held_unpaid" = h.held FROM (
  SELECT i.product_id, sum(i.quantity)::integer AS held FROM order_items i
    JOIN orders o ON o.id = i.order_id WHERE o.status = 'Awaiting Payment'
    GROUP BY i.product_id
) h WHERE p.id = h.product_id;--> statement-breakpoint
-- place_order takes the checkout's network and the share of a product unpaid checkouts may hold
-- together: the function of the old arguments goes (server/db/functions/place_order.sql makes the
-- new one, decision 038).
DROP FUNCTION IF EXISTS place_order(uuid, uuid, jsonb, text, text, text, integer, integer, integer, numeric, integer);
