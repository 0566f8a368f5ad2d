-- Lists read newest first (order by created_at desc, id desc; the stock history by id desc) could
-- not read their indexes in that order: drizzle-kit writes desc() as DESC NULLS LAST, and
-- `order by … desc` means NULLS FIRST, so PostgreSQL scanned the whole table and sorted it (the
-- seller's order pages, the catalogue's keyset pages). Made again as DESC NULLS FIRST, with the id
-- that breaks ties where the lists page by (created_at, id).
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "products_listing_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "stock_ledger_product_idx";--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","id" DESC NULLS FIRST);