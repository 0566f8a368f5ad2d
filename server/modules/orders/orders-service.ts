import { and, desc, eq, or } from "drizzle-orm";
import type { Order } from "../../../contract/order";
import { canSellerMove, type OrderStatus } from "../../../contract/order-status";
import type { Db } from "../../db/database";
import { isUuid } from "../../db/ids";
import { orders } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { toOrder, toOrders } from "./order-view";
import { changeOrderStatus, returnStock, type OrderRow } from "./order-stock";

/**
 * Orders are listed newest first: cash on delivery, and online orders once paid. An online order
 * that waits for payment, or lapsed unpaid, is listed nowhere, unless money arrived for it after
 * it lapsed: then shopper and seller both see it, cancelled, with its refund due.
 */
const visible = or(
  eq(orders.paymentType, "COD"),
  eq(orders.isPaid, true),
  eq(orders.needsRefund, true),
)!;
const LIST_LIMIT = 200;

export async function listShopperOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), visible))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT);
  return toOrders(db, rows);
}

export async function listSellerOrders(db: Db, status?: OrderStatus): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? and(visible, eq(orders.status, status)) : visible)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT);
  return toOrders(db, rows);
}

async function findOrder(db: Db, orderId: string, ownerId?: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound("Order");
  const [row] = await db
    .select()
    .from(orders)
    .where(
      ownerId ? and(eq(orders.id, orderId), eq(orders.userId, ownerId)) : eq(orders.id, orderId),
    )
    .limit(1);
  // Someone else's order and no order at all answer alike.
  if (!row || (row.paymentType === "Online" && !row.isPaid && !row.needsRefund))
    throw notFound("Order");

  return row;
}

/** A shopper cancels their own cash-on-delivery order while it is still `Order Placed`. */
export async function cancelShopperOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const order = await findOrder(db, orderId, userId);
  if (order.paymentType !== "COD" || order.status !== "Order Placed") {
    throw new AppError("invalid_transition", "This order can no longer be cancelled.");
  }
  const cancelled = await db.transaction(async (tx) => {
    const row = await changeOrderStatus(tx, order.id, ["Order Placed"], "Cancelled", "shopper");
    if (row) await returnStock(tx, order.id);
    return row;
  });
  if (!cancelled)
    throw new AppError("invalid_transition", "This order can no longer be cancelled.");
  return toOrder(db, cancelled);
}

/** A seller moves an order along the transition table; cancelling returns the stock. */
export async function changeStatusAsSeller(
  db: Db,
  orderId: string,
  to: OrderStatus,
): Promise<Order> {
  const order = await findOrder(db, orderId);
  const from = order.status as OrderStatus;
  if (!canSellerMove(from, to))
    throw new AppError("invalid_transition", `An order that is ${from} cannot be moved to ${to}.`);
  const changed = await db.transaction(async (tx) => {
    const paidOnDelivery = to === "Delivered" && order.paymentType === "COD";
    const refundDue = to === "Cancelled" && order.isPaid;
    const row = await changeOrderStatus(tx, order.id, [from], to, "seller", {
      ...(paidOnDelivery ? { isPaid: true } : {}),
      ...(refundDue ? { needsRefund: true } : {}),
    });
    if (row && to === "Cancelled") await returnStock(tx, order.id);
    return row;
  });
  if (!changed)
    throw new AppError(
      "invalid_transition",
      "The order changed in the meantime. Please refresh and try again.",
    );
  return toOrder(db, changed);
}
