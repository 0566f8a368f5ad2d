-- The seller's list of refunds owed (GET /api/order/seller?refundDue=true): paid orders cancelled whose
-- money is still to go back, the longest owed first. Few rows, read on every open of the orders page.
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("created_at") WHERE "orders"."needs_refund";
