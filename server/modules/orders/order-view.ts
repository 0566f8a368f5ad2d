import { asc, inArray } from "drizzle-orm";
import type { Order } from "../../../contract/order";
import type { OrderStatus, PaymentType } from "../../../contract/order-status";
import { paiseToRupees } from "../../../contract/money";
import type { Executor } from "../../db/database";
import { orderItems, orderStatusHistory } from "../../db/schema";
import type { OrderRow } from "./order-stock";

/** Orders as the API returns them, with items and status history loaded in two queries in all. */
export async function toOrders(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.productId)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.id)),
  ]);
  return rows.map((row) => ({
    _id: row.id,
    items: items
      .filter((i) => i.orderId === row.id)
      .map((i) => ({ product: i.product, quantity: i.quantity })),
    amount: paiseToRupees(row.amountPaise),
    paymentType: row.paymentType as PaymentType,
    status: row.status as OrderStatus,
    isPaid: row.isPaid,
    refundDue: row.needsRefund,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliverBy: row.deliverBy.toISOString(),
    statusHistory: history
      .filter((h) => h.orderId === row.id)
      .map((h) => ({ status: h.toStatus, at: h.changedAt.toISOString() })),
  }));
}

export function toOrder(db: Executor, row: OrderRow): Promise<Order> {
  return toOrders(db, [row]).then((orders) => orders[0]!);
}
