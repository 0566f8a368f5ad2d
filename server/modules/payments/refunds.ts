import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Order } from "../../../contract/order";
import type { Db } from "../../db/database";
import { isUuid } from "../../db/ids";
import { orders, paymentSessions } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import { changeOrder } from "../orders/order-transitions";
import { toOrder } from "../orders/order-view";
import type { PaymentProvider } from "./payment-provider";

/** A refund claimed this long ago without an answer (a crash mid-call) may be asked for again. */
const STALE_CLAIM_MINUTES = 5;

/**
 * Sends an owed refund through the order's payment provider, at most once however often it is
 * clicked or retried: a conditional update claims the refund (a second request meanwhile is
 * refused), and the provider is called with one idempotency key per order, so even a retry after
 * a crash gets the same refund back, never a second one.
 */
export async function refundOrder(
  deps: {
    db: Db;
    provider: PaymentProvider;
    urls: PublicUrls;
    log?: Pick<FastifyBaseLogger, "error">;
  },
  orderId: string,
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound("Order");
  const [claimed] = await deps.db
    .update(orders)
    .set({ refundRequestedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.needsRefund, true),
        isNull(orders.refundedAt),
        or(
          isNull(orders.refundRequestedAt),
          lt(orders.refundRequestedAt, sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`),
        ),
      ),
    )
    .returning();
  if (!claimed) throw await whyNotRefundable(deps.db, orderId);

  const [session] = await deps.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
    .limit(1);
  let reference: string;
  try {
    if (!session || session.provider !== deps.provider.name)
      throw new Error(`no ${deps.provider.name} payment session for this order`);
    ({ reference } = await deps.provider.refund({
      sessionId: session.id,
      paymentId: claimed.paymentId,
      orderId,
      amountPaise: claimed.amountPaise,
      idempotencyKey: `refund-${orderId}`,
    }));
  } catch (error) {
    await deps.db.update(orders).set({ refundRequestedAt: null }).where(eq(orders.id, orderId));
    deps.log?.error({ err: error, orderId }, "the payment provider did not take the refund");
    throw new AppError(
      "unavailable",
      "The refund could not be sent right now. Please try again in a moment.",
      { retryAfterSeconds: 30 },
    );
  }
  const refunded = await deps.db.transaction((tx) =>
    changeOrder(tx, orderId, {
      needsRefund: false,
      refundedAt: new Date(),
      refundReference: reference,
    }),
  );
  return toOrder(deps.db, refunded!, deps.urls);
}

async function whyNotRefundable(db: Db, orderId: string): Promise<AppError> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return notFound("Order");
  if (order.refundedAt)
    return new AppError("invalid_transition", "This order was already refunded.");
  if (!order.needsRefund)
    return new AppError("invalid_transition", "No refund is owed on this order.");
  return new AppError("conflict", "A refund for this order is already on its way.");
}
