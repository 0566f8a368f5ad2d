import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { deliveryPromiseMinutes } from "../../../contract/order-status";
import type { Db } from "../../db/database";
import { isUuid } from "../../db/ids";

import { orders, paymentEvents, paymentSessions, users } from "../../db/schema";
import { changeOrderStatus, returnStock } from "../orders/order-stock";
import type { PaymentEvent } from "./payment-provider";

export type EventOutcome =
  "paid" | "cancelled" | "duplicate" | "ignored" | "refund_needed" | "unknown_session";

/**
 * Applies a provider event at most once: the event id is recorded under a unique key in the same
 * transaction as the change it causes, and the change is a conditional status move, so duplicates,
 * replays and events arriving out of order change nothing.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  log?: Pick<Logger, "warn">,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [session] = event.sessionId
      ? await tx
          .select()
          .from(paymentSessions)
          .where(eq(paymentSessions.id, event.sessionId))
          .limit(1)
      : [];
    const orderId =
      session?.orderId ?? (event.orderId && isUuid(event.orderId) ? event.orderId : null);
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.eventId, type: event.type, orderId, outcome: "pending" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return "duplicate";

    const outcome = await decide(tx, event, orderId, log);
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, recorded.id));
    return outcome;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function decide(
  tx: Tx,
  event: PaymentEvent,
  orderId: string | null,
  log?: Pick<Logger, "warn">,
): Promise<EventOutcome> {
  if (event.kind === "ignored") return "ignored";
  if (!orderId) return "unknown_session";

  if (event.kind === "paid") {
    const now = new Date();
    const paid = await changeOrderStatus(
      tx,
      orderId,
      ["Awaiting Payment"],
      "Order Placed",
      "payment",
      {
        isPaid: true,
        paymentExpiresAt: null,
        // The 30-minute promise starts when the order is confirmed.
        deliverBy: new Date(now.getTime() + deliveryPromiseMinutes * 60_000),
      },
    );
    if (paid) {
      await tx
        .update(users)
        .set({ cartItems: {}, updatedAt: now })
        .where(eq(users.id, paid.userId));
      return "paid";
    }
    const [order] = await tx
      .select({ status: orders.status, isPaid: orders.isPaid })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.status === "Cancelled" && !order.isPaid) {
      // Money arrived after the hold lapsed and the stock went back on the shelf: never resurrect
      // the order; flag it so the money is returned.
      await tx
        .update(orders)
        .set({ needsRefund: true, updatedAt: now })
        .where(eq(orders.id, orderId));
      log?.warn(
        { orderId, eventId: event.eventId },
        "payment arrived for a cancelled order: refund needed",
      );
      return "refund_needed";
    }
    return "ignored";
  }

  const cancelled = await changeOrderStatus(
    tx,
    orderId,
    ["Awaiting Payment"],
    "Cancelled",
    "payment",
    { paymentExpiresAt: null },
  );
  if (!cancelled) return "ignored";
  await returnStock(tx, orderId);
  return "cancelled";
}
