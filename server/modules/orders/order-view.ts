import { asc, inArray } from "drizzle-orm";
import type { Order, OrderProductSnapshot } from "../../../contract/order";
import type { CancelReason, OrderStatus, PaymentType } from "../../../contract/order-status";
import { paiseToRupees } from "../../../contract/money";
import type { Executor } from "../../db/database";
import { orderItems, orderStatusHistory } from "../../db/schema";
import type { PublicUrls } from "../media/public-urls";
import type { OrderRow } from "./order-transitions";

/** Orders as the API returns them, with items and status history loaded in two queries in all. */
export async function toOrders(db: Executor, rows: OrderRow[], urls: PublicUrls): Promise<Order[]> {
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
  const itemsOf = groupBy(items, (i) => i.orderId);
  const historyOf = groupBy(history, (h) => h.orderId);
  return rows.map((row) => ({
    _id: row.id,
    items: (itemsOf.get(row.id) ?? []).map((i) => ({
      product: snapshotView(i.product, urls),
      quantity: i.quantity,
    })),
    itemsTotal: paiseToRupees(row.itemsTotalPaise),
    fees: {
      delivery: paiseToRupees(row.deliveryFeePaise),
      smallCart: paiseToRupees(row.smallCartFeePaise),
    },
    amount: paiseToRupees(row.amountPaise),
    paymentType: row.paymentType as PaymentType,
    status: row.status as OrderStatus,
    isPaid: row.isPaid,
    refundDue: row.needsRefund,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    paymentId: row.paymentId,
    paymentMethod: row.paymentMethod,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliverBy: row.deliverBy.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    cancelReason: row.cancelReason
      ? { reason: row.cancelReason as CancelReason, note: row.cancelNote }
      : null,
    history: (historyOf.get(row.id) ?? []).map((h) => ({
      status: h.toStatus as OrderStatus,
      at: h.changedAt.toISOString(),
    })),
  }));
}

export async function toOrder(db: Executor, row: OrderRow, urls: PublicUrls): Promise<Order> {
  const [order] = await toOrders(db, [row], urls);
  return order!;
}

function snapshotView(product: OrderProductSnapshot, urls: PublicUrls): OrderProductSnapshot {
  // place_order strips the snapshot's nulls: a product without a category has no key for it.
  return { ...product, category: product.category ?? null, image: urls.images(product.image) };
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
