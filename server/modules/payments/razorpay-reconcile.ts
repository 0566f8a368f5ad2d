import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Order } from "../../../contract/order";
import type { Db } from "../../db/database";
import { isUuid } from "../../db/ids";
import { orders, paymentSessions } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import { toOrder } from "../orders/order-view";
import { applyPaymentEvent, type EventOutcome } from "./payment-events";
import { eventOfLink } from "./razorpay-events";
import type { RazorpayClient } from "./razorpay-provider";

/** What the seller is told after checking, by what the check did. */
const said: Record<EventOutcome, string> = {
  paid: "Razorpay says it was paid: the order is placed.",
  cancelled:
    "Razorpay says the payment link closed unpaid: the order is cancelled and its stock back.",
  refund_needed:
    "Razorpay says it was paid after the hold lapsed: the order stays cancelled and its refund is due.",
  duplicate: "Razorpay says nothing new: the order already shows this.",
  ignored: "Razorpay says nothing that changes this order.",
  closed: "Razorpay says nothing that changes this order.",
  unknown_session: "Razorpay does not know this order.",
};

/**
 * "Check with Razorpay" (the seller, for an order whose webhook never came): fetches the order's
 * payment link and applies its state through applyPaymentEvent, the webhook's own path, so a check
 * and a webhook together still make one change.
 */
export async function checkWithRazorpay(
  deps: { db: Db; client: RazorpayClient; urls: PublicUrls; log?: FastifyBaseLogger },
  orderId: string,
): Promise<{ message: string; order: Order }> {
  if (!isUuid(orderId)) throw notFound("Order");
  const [session] = await deps.db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.provider, "razorpay")))
    .limit(1);
  if (!session) {
    const [order] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound("Order");
    throw new AppError("conflict", "This order has no Razorpay payment link to check.");
  }
  let link;
  try {
    link = await deps.client.fetchLink(session.id);
  } catch (error) {
    deps.log?.error({ err: error, orderId }, "could not fetch a Razorpay payment link");
    throw new AppError(
      "unavailable",
      "Razorpay could not be reached. Please try again in a moment.",
      {
        retryAfterSeconds: 30,
      },
    );
  }
  // The link must be this order's: its reference is the order id the store gave it.
  const event = { ...eventOfLink(link), sessionId: session.id, orderId };
  if (link.reference_id && link.reference_id !== orderId) event.kind = "ignored";
  const outcome = await applyPaymentEvent(deps.db, "razorpay", event, deps.log);
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  return { message: said[outcome], order: await toOrder(deps.db, row!, deps.urls) };
}
