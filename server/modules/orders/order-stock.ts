import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderStatus } from "../../../contract/order-status";
import type { Tx } from "../../db/database";
import { orderItems, orders, orderStatusHistory, products } from "../../db/schema";

export type OrderRow = typeof orders.$inferSelect;

/**
 * Moves an order to `to` only if it is still in one of `from`, and records the move. The row is
 * locked first, so of two concurrent moves (two cancels, a payment and the sweeper) exactly one
 * sees the order in `from`; the other gets undefined and changes nothing.
 */
export async function changeOrderStatus(
  tx: Tx,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  actor: string,
  extra: {
    isPaid?: boolean;
    needsRefund?: boolean;
    deliverBy?: Date;
    paymentExpiresAt?: Date | null;
  } = {},
): Promise<OrderRow | undefined> {
  const [current] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!current || !from.includes(current.status as OrderStatus)) return undefined;
  const [row] = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  if (!row) return undefined;
  await tx
    .insert(orderStatusHistory)
    .values({ orderId, fromStatus: current.status, toStatus: to, actor });
  return row;
}

/**
 * Puts an order's units back on the shelf, product rows in id order (the same order placement
 * takes them in, so the two never deadlock). A product that had sold out becomes sellable again;
 * one the seller switched off stays off.
 */
export async function returnStock(tx: Tx, orderId: string): Promise<void> {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  for (const item of items) {
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${item.quantity}`,
        inStock: sql`${products.inStock} or (${products.stock} = 0 and ${products.deletedAt} is null)`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, item.productId));
  }
}
