import type { OrderStatus } from "../../../contract/order-status";
import { lt } from "drizzle-orm";
import type { Executor, Tx } from "../../db/database";
import { orderEvents } from "../../db/schema";

/**
 * Records that an order changed, for the live order streams. Call it last in the transaction that
 * made the change: the event's id is taken here, and ids are delivered in order, so the sooner
 * the commit follows, the sooner the stream moves on.
 */
export async function recordOrderEvent(
  tx: Tx,
  event: { orderId: string; userId: string; status: OrderStatus },
): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

/** Events older than this are gone; a stream resumed later starts from what is left (≥ 24 h). */
const KEEP_EVENTS_HOURS = 48;

/** Forgets old events; called by the server's housekeeping. */
export async function deleteOldOrderEvents(db: Executor): Promise<void> {
  await db
    .delete(orderEvents)
    .where(lt(orderEvents.at, new Date(Date.now() - KEEP_EVENTS_HOURS * 3600_000)));
}
