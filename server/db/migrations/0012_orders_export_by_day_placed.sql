-- The CSV export (GET /api/order/seller/export.csv) counts an order on the day it was placed, as the
-- dashboard does (placed_at: cash on delivery at once, online once paid), and an online order paid
-- after its hold lapsed, never placed but owed back, on the day it was started (created_at). Its
-- keyset batches read this index in order: (time, id) past the last row, up to the period's end.
CREATE INDEX "orders_placed_or_created_idx" ON "orders" USING btree (coalesce("placed_at", "created_at"),"id");
