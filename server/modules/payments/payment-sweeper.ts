import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/database";
import { orders } from "../../db/schema";
import { changeOrderStatus, returnStock } from "../orders/order-stock";

/**
 * Cancels online orders whose payment hold has lapsed and returns their stock, whether or not the
 * provider ever tells us. Each order is its own transaction; the conditional status move makes a
 * race with a late provider event harmless. Returns how many orders it cancelled.
 */
export async function cancelExpiredPayments(
  db: Db,
  now = new Date(),
  batch = 100,
): Promise<number> {
  const lapsed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "Awaiting Payment"), lt(orders.paymentExpiresAt, now)))
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(batch);
  let cancelled = 0;
  for (const { id } of lapsed) {
    const done = await db.transaction(async (tx) => {
      const row = await changeOrderStatus(tx, id, ["Awaiting Payment"], "Cancelled", "system", {
        paymentExpiresAt: null,
      });
      if (row) await returnStock(tx, id);
      return Boolean(row);
    });
    if (done) cancelled++;
  }
  return cancelled;
}
