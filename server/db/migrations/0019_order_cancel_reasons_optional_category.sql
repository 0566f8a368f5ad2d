ALTER TABLE "products" ALTER COLUMN "category" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_known" CHECK ("orders"."cancel_reason" is null or ("orders"."status" = 'Cancelled' and "orders"."cancel_reason" in ('out_of_stock','cannot_deliver','shopper_asked','other')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_note_with_reason" CHECK ("orders"."cancel_note" is null or ("orders"."cancel_reason" is not null and char_length("orders"."cancel_note") between 1 and 200));