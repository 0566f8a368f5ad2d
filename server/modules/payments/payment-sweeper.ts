import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/database";
import { orders } from "../../db/schema";
import { moveOrder } from "../orders/order-transitions";

/**
 * Cancels online orders whose payment hold has lapsed and returns their stock, whether or not the
 * provider ever tells us. Each order is its own transaction; the state machine makes a race with
 * a late provider event harmless. Returns how many orders it cancelled.
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
    const outcome = await db.transaction((tx) =>
      moveOrder(tx, {
        orderId: id,
        to: "Cancelled",
        actor: "system",
        from: ["Awaiting Payment"],
        stockReason: "payment_lapsed",
      }),
    );
    if (outcome.moved) cancelled++;
  }
  return cancelled;
}
