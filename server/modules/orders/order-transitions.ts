import { and, asc, eq, sql } from "drizzle-orm";
import type { OrderCancelReason } from "../../../contract/order";
import {
  canMove,
  deliveryPromiseMinutes,
  type OrderActor,
  type OrderStatus,
} from "../../../contract/order-status";
import type { StockReason } from "../../../contract/product";
import type { Tx } from "../../db/database";
import { isUuid } from "../../db/ids";
import { orderItems, orders, orderStatusHistory, products } from "../../db/schema";
import { describeStockChange } from "../inventory/stock-ledger";
import { recordOrderEvent } from "./order-events";

export type OrderRow = typeof orders.$inferSelect;

export interface MoveRequest {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  /** Act only on this shopper's order: anyone else's is "not found". */
  ownerId?: string;
  /** Who, as the stock ledger records it ("seller owner@shop.example"); defaults to the actor. */
  actorLabel?: string;
  /** Move only from these statuses (a payment event applies to `Awaiting Payment` only). */
  from?: readonly OrderStatus[];
  /** Why stock goes back when the move is a cancellation (default `cancel`). */
  stockReason?: Extract<StockReason, "cancel" | "payment_lapsed">;
  /**
   * Why the seller cancels, told to the shopper. A shopper's own cancellation is always
   * `shopper_asked`; the store's and the payment provider's (an unpaid checkout given up) have none.
   */
  cancelReason?: OrderCancelReason;
  /** A payment's record, kept with the move to `Order Placed` it causes. */
  payment?: { id?: string; method?: string };
}

export type MoveOutcome =
  | { moved: true; order: OrderRow; from: OrderStatus }
  | { moved: false; reason: "not_found" }
  | { moved: false; reason: "not_allowed"; order: OrderRow };

/**
 * The one way an order changes status, whoever moves it (architecture.md rule 11): locks the
 * order, checks the move against the contract's transition table, stamps what the move means
 * (paid, dispatched, delivered, refund owed), writes the history, puts the stock back on
 * cancellation and records the event for the live streams, all in the caller's transaction.
 */
export async function moveOrder(tx: Tx, request: MoveRequest): Promise<MoveOutcome> {
  if (!isUuid(request.orderId)) return { moved: false, reason: "not_found" };
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      request.ownerId
        ? and(eq(orders.id, request.orderId), eq(orders.userId, request.ownerId))
        : eq(orders.id, request.orderId),
    )
    .for("update");
  if (!order) return { moved: false, reason: "not_found" };
  const from = order.status as OrderStatus;
  if ((request.from && !request.from.includes(from)) || !canMove(from, request.to, request.actor))
    return { moved: false, reason: "not_allowed", order };

  const now = new Date();
  const [moved] = await tx
    .update(orders)
    .set({
      status: request.to,
      updatedAt: now,
      ...consequences(order, request.to, now),
      ...(request.to === "Cancelled" ? cancelColumns(request) : {}),
      ...(request.payment ? paymentColumns(request.payment) : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, fromStatus: from, toStatus: request.to, actor: request.actor });
  if (request.to === "Cancelled") {
    await returnStock(tx, order.id, {
      reason: request.stockReason ?? "cancel",
      actor: request.actorLabel ?? request.actor,
    });
  }
  await recordOrderEvent(tx, { orderId: order.id, userId: order.userId, status: request.to });
  return { moved: true, order: moved!, from };
}

/** The reason a cancellation records: the seller's, or the shopper's own asking. */
function cancelColumns(request: MoveRequest): Pick<OrderRow, "cancelReason" | "cancelNote"> {
  const why: OrderCancelReason | undefined =
    request.actor === "shopper" ? { reason: "shopper_asked", note: null } : request.cancelReason;
  return { cancelReason: why?.reason ?? null, cancelNote: why?.note || null };
}

/** The provider's id of a payment and its method, each kept only when told. */
export function paymentColumns(payment: {
  id?: string;
  method?: string;
}): Partial<Pick<OrderRow, "paymentId" | "paymentMethod">> {
  return {
    ...(payment.id ? { paymentId: payment.id } : {}),
    ...(payment.method ? { paymentMethod: payment.method } : {}),
  };
}

/** What reaching `to` means for the order's other fields. */
function consequences(order: OrderRow, to: OrderStatus, now: Date): Partial<OrderRow> {
  switch (to) {
    case "Order Placed":
      // Only the payment provider moves an order here: paid, and the 30-minute promise starts now.
      return {
        isPaid: true,
        paymentExpiresAt: null,
        placedAt: now,
        deliverBy: new Date(now.getTime() + deliveryPromiseMinutes * 60_000),
      };
    case "Out for Delivery":
      return { dispatchedAt: now };
    case "Delivered":
      return { deliveredAt: now, ...(order.paymentType === "COD" ? { isPaid: true } : {}) };
    case "Cancelled":
      return { paymentExpiresAt: null, ...(order.isPaid ? { needsRefund: true } : {}) };
    default:
      return {};
  }
}

/**
 * Puts an order's units back on the shelf, product rows in id order (the order placement takes
 * them in), so the two never deadlock. A product that had sold out becomes sellable again; one
 * the seller switched off stays off.
 */
async function returnStock(
  tx: Tx,
  orderId: string,
  why: { reason: StockReason; actor: string },
): Promise<void> {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  if (items.length === 0) return;
  await describeStockChange(tx, { ...why, orderId });
  for (const item of items) {
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${item.quantity}`,
        inStock: sql`not ${products.switchedOff} and ${products.deletedAt} is null`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, item.productId));
  }
}

/**
 * Changes an order without moving its status (a refund owed or sent), and records the event so
 * that the streams show it.
 */
export async function changeOrder(
  tx: Tx,
  orderId: string,
  change: Partial<
    Pick<OrderRow, "needsRefund" | "refundedAt" | "refundReference" | "paymentId" | "paymentMethod">
  >,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  if (row)
    await recordOrderEvent(tx, {
      orderId: row.id,
      userId: row.userId,
      status: row.status as OrderStatus,
    });
  return row;
}
