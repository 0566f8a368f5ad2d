-- The dashboard's median time to dispatch and share delivered on time count the orders dispatched
-- or delivered today, whenever they were placed. Partial, so a new order costs them nothing.
CREATE INDEX "orders_dispatched_idx" ON "orders" USING btree ("dispatched_at") WHERE "orders"."dispatched_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."delivered_at" is not null;