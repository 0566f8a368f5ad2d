-- A saved address remembers the Idempotency-Key of the add that made it (if it sent one) and what
-- that add asked for, so a retry after a lost answer gets the same address instead of a second
-- one. The unique key (shopper, key) decides between adds sent at once; adds without a key are
-- NULL there, and NULLs are distinct, so they never meet.
ALTER TABLE "addresses" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_user_idempotency_key" ON "addresses" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_key_has_hash" CHECK (("addresses"."idempotency_key" is null) = ("addresses"."request_hash" is null));