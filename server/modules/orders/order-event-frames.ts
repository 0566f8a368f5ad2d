import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Order } from "../../../contract/order";
import type { Db } from "../../db/database";
import { afterOrIn, readInOneSnapshot } from "../../db/feed-reads";
import { orderEvents, orders } from "../../db/schema";
import type { PublicUrls } from "../media/public-urls";
import { isVisible } from "./orders-service";
import { toOrders } from "./order-view";
import type { StreamAudience } from "./order-stream-registry";

// What the live order streams send (OrderStreamHub): order events read from order_events, each
// as a server-sent event frame, and who may see it.

/** What an event row says, as both the live feed and a replay read it. */
const eventColumns = {
  id: orderEvents.id,
  orderId: orderEvents.orderId,
  userId: orderEvents.userId,
  status: orderEvents.status,
  at: orderEvents.at,
};

export interface EventRow {
  id: number;
  orderId: string;
  userId: string;
  status: string;
  at: Date;
}

/** The live feed's fetch (ChangeFeed): events after `after` or among `gaps`, in one snapshot. */
export function readNewEvents(db: Db, after: number, gaps: number[], limit: number) {
  return readInOneSnapshot(db, orderEvents, after, (tx) =>
    tx
      .select(eventColumns)
      .from(orderEvents)
      .where(afterOrIn(orderEvents.id, after, gaps))
      .orderBy(asc(orderEvents.id))
      .limit(limit),
  );
}

/** An event's frame without its `id:` line: news to the stream, not a point to resume from. */
export const withoutId = (frame: string) => frame.replace(/^id: \d+\n/, "");

/** Each event as an SSE frame: the order as the lists show it, at the status of that event. */
export async function eventFrames(db: Db, urls: PublicUrls, rows: EventRow[]) {
  const ids = [...new Set(rows.map((r) => r.orderId))];
  const orderRows = await db.select().from(orders).where(inArray(orders.id, ids));
  const views = new Map<string, Order>(
    (await toOrders(db, orderRows, urls)).map((o) => [o._id, o]),
  );
  const visible = new Set(orderRows.filter(isVisible).map((o) => o.id));
  return rows.flatMap((row) => {
    const order = views.get(row.orderId);
    if (!order) return [];
    const data = JSON.stringify({
      ...order,
      status: row.status,
      history: order.history.filter((h) => Date.parse(h.at) <= row.at.getTime()),
    });
    return [
      {
        row,
        frame: `id: ${row.id}\nevent: order\ndata: ${data}\n\n`,
        visibleToShopper: visible.has(row.orderId),
      },
    ];
  });
}

/**
 * The seller is sent every event; a shopper those of their own orders that their list shows,
 * never one at Awaiting Payment (an online order is listed nowhere until paid: live, that event
 * went to nobody, and a replay after the payment must not send it either).
 */
export function wantsEvent(
  audience: StreamAudience,
  row: EventRow,
  visibleToShopper: boolean,
): boolean {
  if (audience.kind === "seller") return true;
  return audience.userId === row.userId && visibleToShopper && row.status !== "Awaiting Payment";
}

/** The events of `audience` after `from` up to `until`, in id order, at most `limit`. */
export function eventsBetween(
  db: Db,
  audience: StreamAudience,
  from: number,
  until: number,
  limit: number,
): Promise<EventRow[]> {
  return db
    .select(eventColumns)
    .from(orderEvents)
    .where(
      and(
        gt(orderEvents.id, from),
        lte(orderEvents.id, until),
        audience.kind === "shopper" ? eq(orderEvents.userId, audience.userId) : undefined,
      ),
    )
    .orderBy(asc(orderEvents.id))
    .limit(limit);
}

/** The orders as they are now, as the lists show them, and whether a shopper's list shows each. */
export async function ordersAsNow(
  db: Db,
  urls: PublicUrls,
  orderIds: string[],
): Promise<{ order: Order; visibleToShopper: boolean }[]> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  const visible = new Set(orderRows.filter(isVisible).map((o) => o.id));
  const views = await toOrders(db, orderRows, urls);
  return views.map((order) => ({ order, visibleToShopper: visible.has(order._id) }));
}
