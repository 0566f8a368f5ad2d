-- A product the seller switched off stays off whatever its stock does (a restock, a cancelled
-- order's units coming back) until they switch it on. Until now "off sale with stock" was the only
-- sign of it, lost once its stock reached 0. Products off sale with stock are taken as switched off.
ALTER TABLE "products" ADD COLUMN "switched_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "products" SET "switched_off" = true WHERE NOT "in_stock" AND "stock" > 0 AND "deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_in_stock_follows" CHECK ("products"."in_stock" = ("products"."stock" > 0 and not "products"."switched_off" and "products"."deleted_at" is null));
