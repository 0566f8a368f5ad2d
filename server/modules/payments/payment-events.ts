import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "../../db/database";
import { isUuid } from "../../db/ids";
import { orders, paymentEvents, paymentSessions, users } from "../../db/schema";
import { changeOrder, moveOrder, paymentColumns } from "../orders/order-transitions";
import type { PaymentEvent } from "./payment-provider";

export type EventOutcome =
  "paid" | "cancelled" | "duplicate" | "ignored" | "refund_needed" | "closed" | "unknown_session";

export interface ApplyOptions {
  /**
   * A hosted page that is itself the provider (the demo page): a payment for an order that is no
   * longer awaiting one takes no money (`closed`) instead of being owed back.
   */
  takesNoMoneyWhenClosed?: boolean;
}

/**
 * Applies a provider event at most once: the event id is recorded under a unique key in the same
 * transaction as the change it causes, and the change is a move checked by the order state
 * machine, so duplicates, replays and events arriving out of order change nothing.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  log?: Pick<Logger, "warn">,
  options: ApplyOptions = {},
): Promise<EventOutcome> {
  // A provider retries an event until it is answered: a repeat already recorded (committed with its
  // change) is answered at once, without queueing behind the order's lock. A repeat racing the
  // first is still stopped by the unique key below.
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.eventId)))
    .limit(1);
  if (seen) return "duplicate";
  return db.transaction(async (tx) => {
    const [session] = event.sessionId
      ? await tx
          .select()
          .from(paymentSessions)
          .where(eq(paymentSessions.id, event.sessionId))
          .limit(1)
      : [];
    const named =
      session?.orderId ?? (event.orderId && isUuid(event.orderId) ? event.orderId : null);
    // The order is locked before anything references it: recording the event takes a key-share
    // lock on it (foreign key), and two events (a Pay and a Cancel) that each held one while
    // waiting to lock it for their move would deadlock. An id the store has no order for (an
    // event of another shop on the same provider account) is recorded without one.
    const [locked] = named
      ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, named)).for("update")
      : [];
    const orderId = locked?.id ?? null;
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.eventId, type: event.type, orderId, outcome: "pending" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return "duplicate";

    const outcome = await decide(tx, event, orderId, options, log);
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, recorded.id));
    return outcome;
  });
}

async function decide(
  tx: Tx,
  event: PaymentEvent,
  orderId: string | null,
  options: ApplyOptions,
  log?: Pick<Logger, "warn">,
): Promise<EventOutcome> {
  if (event.kind === "ignored") return "ignored";
  if (!orderId) return "unknown_session";

  if (event.kind === "paid") {
    const paid = await moveOrder(tx, {
      orderId,
      to: "Order Placed",
      actor: "payment",
      from: ["Awaiting Payment"],
      payment: { id: event.paymentId, method: event.paymentMethod },
    });
    if (paid.moved) {
      await tx
        .update(users)
        .set({ cartItems: {}, updatedAt: new Date() })
        .where(eq(users.id, paid.order.userId));
      return "paid";
    }
    if (paid.reason === "not_found") return "ignored";
    if (paid.order.status === "Cancelled" && !paid.order.isPaid) {
      if (options.takesNoMoneyWhenClosed) return "closed";
      // Money arrived after the hold lapsed and the stock went back on the shelf: never
      // resurrect the order; flag it so the money is returned.
      // The payment's id is kept: it is what the refund names.
      await changeOrder(tx, orderId, {
        needsRefund: true,
        ...paymentColumns({ id: event.paymentId, method: event.paymentMethod }),
      });
      log?.warn(
        { orderId, eventId: event.eventId },
        "payment arrived for a cancelled order: refund needed",
      );
      return "refund_needed";
    }
    return "ignored";
  }

  const cancelled = await moveOrder(tx, {
    orderId,
    to: "Cancelled",
    actor: "payment",
    from: ["Awaiting Payment"],
    stockReason: event.kind === "expired" ? "payment_lapsed" : "cancel",
  });
  return cancelled.moved ? "cancelled" : "ignored";
}

/** The order a payment session belongs to. */
export async function orderOfSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ order: orders, session: paymentSessions })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(eq(paymentSessions.id, sessionId))
    .limit(1);
  return row;
}
