import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import {
  OPEN_QUEUE_LIMIT,
  SELLER_LIST_LIMIT,
  SHOPPER_LIST_LIMIT,
  STALE_AFTER_MS,
  type OpenCounts,
  type Order,
  type OrderCancelReason,
} from "../../../contract/order";
import { isListed, openStatuses, type OrderStatus } from "../../../contract/order-status";
import type { Db, Executor } from "../../db/database";
import { isUuid } from "../../db/ids";
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  microsOf,
  pastKeyset,
  type Keyset,
} from "../../db/keyset-cursor";
import { orders } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import { moveOrder, type MoveOutcome, type OrderRow } from "./order-transitions";
import { toOrder, toOrders } from "./order-view";

/**
 * Orders shoppers and sellers see, in SQL: the rule of `isListed` (contract/order-status.ts),
 * which says it in words; a row at Awaiting Payment is neither paid nor owed a refund.
 */
export const visibleOrder = or(
  eq(orders.paymentType, "COD"),
  eq(orders.isPaid, true),
  eq(orders.needsRefund, true),
  isNotNull(orders.refundedAt),
)!;
/**
 * The shopper's own orders, newest first: the newest `SHOPPER_LIST_LIMIT`; with `limit` or
 * `cursor`, page by page back to their first order, with the next page's cursor.
 */
export async function listShopperOrders(
  db: Executor,
  userId: string,
  page: { limit?: number; cursor?: string },
  urls: PublicUrls,
): Promise<{ orders: Order[]; nextCursor?: string | null }> {
  return newestFirst(
    db,
    and(eq(orders.userId, userId), visibleOrder),
    page,
    SHOPPER_LIST_LIMIT,
    urls,
  );
}

/**
 * The seller's orders, newest first, optionally of one status (`Awaiting Payment` lists the
 * unpaid online checkouts holding stock), the newest `SELLER_LIST_LIMIT`; with `limit` or `cursor`,
 * page by page back to the first order, with the next page's cursor. `open` lists the seller's
 * live queue, the orders still to be delivered (`openQueue`). `refundDue` lists
 * every paid order cancelled whose money is still to go back, the longest owed first.
 */
export async function listSellerOrders(
  db: Executor,
  filter: {
    status?: OrderStatus;
    open?: boolean;
    refundDue?: boolean;
    limit?: number;
    cursor?: string;
  },
  urls: PublicUrls,
): Promise<{
  orders: Order[];
  nextCursor?: string | null;
  openTotal?: number;
  openCounts?: OpenCounts;
}> {
  const paged = filter.limit !== undefined || filter.cursor !== undefined;
  if (filter.open || filter.refundDue) {
    if (paged)
      throw new AppError(
        "validation_failed",
        "limit and cursor page the newest-first lists, not open=true or refundDue=true",
      );
    if (filter.open) return openQueue(db, urls);
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.needsRefund, true))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(OPEN_QUEUE_LIMIT);
    return { orders: await toOrders(db, rows, urls) };
  }
  return newestFirst(
    db,
    and(
      filter.status === "Awaiting Payment" ? undefined : visibleOrder,
      filter.status ? eq(orders.status, filter.status) : undefined,
    ),
    { limit: filter.limit, cursor: filter.cursor },
    SELLER_LIST_LIMIT,
    urls,
  );
}

/**
 * The orders `where` picks, newest first: the newest `unpaged` of them; with `limit` or `cursor`,
 * a page of `limit` (default `unpaged`) past the cursor and the next page's cursor (keyset on
 * created_at, id; null on the last page).
 */
async function newestFirst(
  db: Executor,
  where: SQL | undefined,
  page: { limit?: number; cursor?: string },
  unpaged: number,
  urls: PublicUrls,
): Promise<{ orders: Order[]; nextCursor?: string | null }> {
  const paged = page.limit !== undefined || page.cursor !== undefined;
  let after: Keyset | undefined;
  if (page.cursor !== undefined) {
    after = decodeKeysetCursor(page.cursor);
    if (!after) throw new AppError("validation_failed", "cursor is invalid");
  }
  const limit = page.limit ?? unpaged;
  const rows = await db
    .select({ row: orders, micros: microsOf(orders.createdAt) })
    .from(orders)
    .where(and(where, after ? pastKeyset(orders.createdAt, orders.id, after, "<") : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(paged ? limit + 1 : limit);
  const shown = rows.slice(0, limit);
  const listed = await toOrders(
    db,
    shown.map((r) => r.row),
    urls,
  );
  if (!paged) return { orders: listed };
  const last = shown.at(-1);
  return {
    orders: listed,
    nextCursor:
      rows.length > limit && last
        ? encodeKeysetCursor({ micros: BigInt(last.micros), id: last.row.id })
        : null,
  };
}

/**
 * The seller's queue: every open order still in play (its promise less than `STALE_AFTER_MS` ago,
 * or to come), the soonest promise first, then the stale ones, the most recent first, up to
 * `OPEN_QUEUE_LIMIT` in all, and how many are open. A shop that leaves delivered cash orders open
 * piles up stale ones; they must never push today's orders off the queue.
 */
async function openQueue(db: Executor, urls: PublicUrls) {
  const open = inArray(orders.status, [...openStatuses]);
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const live = await db
    .select()
    .from(orders)
    .where(and(open, gte(orders.deliverBy, staleBefore)))
    .orderBy(asc(orders.deliverBy), asc(orders.id))
    .limit(OPEN_QUEUE_LIMIT);
  const stale =
    live.length < OPEN_QUEUE_LIMIT
      ? await db
          .select()
          .from(orders)
          .where(and(open, lt(orders.deliverBy, staleBefore)))
          .orderBy(desc(orders.deliverBy), desc(orders.id))
          .limit(OPEN_QUEUE_LIMIT - live.length)
      : [];
  const counted = await db
    .select({ status: orders.status, total: count() })
    .from(orders)
    .where(open)
    .groupBy(orders.status);
  const openCounts: OpenCounts = { "Order Placed": 0, Packing: 0, "Out for Delivery": 0 };
  for (const { status, total } of counted) openCounts[status as keyof OpenCounts] = total;
  return {
    orders: await toOrders(db, [...live, ...stale], urls),
    openTotal: counted.reduce((sum, { total }) => sum + total, 0),
    openCounts,
  };
}

/** One order: the shopper's own and visible to them, or any order for a seller; 404 otherwise. */
export async function getOrder(
  db: Executor,
  orderId: string,
  viewer: { userId: string } | { seller: true },
  urls: PublicUrls,
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound("Order");
  const [row] = await db
    .select()
    .from(orders)
    .where(
      "userId" in viewer
        ? and(eq(orders.id, orderId), eq(orders.userId, viewer.userId), visibleOrder)
        : eq(orders.id, orderId),
    )
    .limit(1);
  // Someone else's order and no order at all answer alike.
  if (!row) throw notFound("Order");
  return toOrder(db, row, urls);
}

/**
 * A shopper cancels their own order while the shop has not started on it (`Order Placed`): cash
 * on delivery, or paid online, which is then owed its money back (`refundDue`). An online
 * checkout not paid yet is not theirs to see here (they give those up with unpaid/cancel).
 */
export async function cancelShopperOrder(
  db: Db,
  userId: string,
  orderId: string,
  urls: PublicUrls,
): Promise<Order> {
  const outcome = await db.transaction((tx) =>
    moveOrder(tx, {
      orderId,
      to: "Cancelled",
      actor: "shopper",
      ownerId: userId,
      from: ["Order Placed"],
    }),
  );
  return answerMove(db, outcome, urls, "This order can no longer be cancelled.");
}

/**
 * A seller moves an order along the transition table; cancelling returns the stock and says why
 * (`cancelReason`). `givenUp` is told of an unpaid checkout the seller cancelled, once that has
 * committed: payments closes its page, so that it can no longer be paid.
 */
export async function changeStatusAsSeller(
  db: Db,
  move: { orderId: string; to: OrderStatus; cancelReason?: OrderCancelReason },
  sellerLabel: string,
  urls: PublicUrls,
  givenUp?: (orderId: string) => Promise<void>,
): Promise<Order> {
  const { orderId, to } = move;
  const outcome = await db.transaction((tx) =>
    moveOrder(tx, {
      orderId,
      to,
      actor: "seller",
      actorLabel: sellerLabel,
      cancelReason: move.cancelReason,
    }),
  );
  if (outcome.moved && outcome.from === "Awaiting Payment") await givenUp?.(orderId);
  return answerMove(
    db,
    outcome,
    urls,
    outcome.moved || outcome.reason === "not_found"
      ? ""
      : `An order that is ${outcome.order.status} cannot be moved to ${to}.`,
    "seller",
  );
}

/**
 * The moved order, or why not: 404 for an order the mover cannot see (a shopper does not see an
 * online checkout they have not paid; the seller sees every order), 409 otherwise.
 */
async function answerMove(
  db: Db,
  outcome: MoveOutcome,
  urls: PublicUrls,
  refusal: string,
  mover: "shopper" | "seller" = "shopper",
): Promise<Order> {
  if (outcome.moved) return toOrder(db, outcome.order, urls);
  if (outcome.reason === "not_found" || (mover === "shopper" && !isVisible(outcome.order)))
    throw notFound("Order");
  throw new AppError("invalid_transition", refusal);
}

export function isVisible(row: OrderRow): boolean {
  return isListed({ ...row, refundDue: row.needsRefund });
}
