import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PlaceOrderInput } from "../../../contract/order";

import type { Db } from "../../db/database";
import { paymentSessions } from "../../db/schema";
import { AppError } from "../../http/errors";
import { placeOrder, type PlacedOrder } from "../orders/order-placement";
import { changeOrderStatus, returnStock } from "../orders/order-stock";
import type { PaymentProvider } from "./payment-provider";

/** The hosted page stays open this long; the order's stock hold (32 min) outlives it a little. */
const CHECKOUT_MINUTES = 30;

export interface OnlineCheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, "error">;
}

/**
 * Places the order as `Awaiting Payment` (stock held), then opens the provider's hosted checkout.
 * The network call happens outside any transaction; if it fails the order is cancelled and its
 * stock returned. A repeated Idempotency-Key answers with the same checkout URL.
 */
export async function startOnlineCheckout(
  deps: OnlineCheckoutDeps,
  userId: string,
  input: PlaceOrderInput,
  idempotencyKey?: string,
): Promise<string> {
  const result = await placeOrder(deps.db, userId, input, {
    paymentType: "Online",
    idempotencyKey,
    answer: (order) => ({ status: 200, body: { success: true, orderId: order.id } }),
  });
  if (!result.order) {
    const { orderId } = JSON.parse(result.body) as { orderId: string };
    const [session] = await deps.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, orderId))
      .limit(1);
    if (!session)
      throw new AppError(
        "conflict",
        "This checkout is still being prepared. Please try again in a moment.",
      );
    return session.url;
  }
  return openCheckout(deps, result.order);
}

async function openCheckout(deps: OnlineCheckoutDeps, order: PlacedOrder): Promise<string> {
  const expiresAt = new Date(Date.now() + CHECKOUT_MINUTES * 60_000 + 30_000);
  let session;
  try {
    session = await deps.provider.createCheckout({
      orderId: order.id,
      amountPaise: order.amountPaise,
      lines: order.items.map((i) => ({
        name: i.name,
        unitAmountPaise: i.unitPricePaise,
        quantity: i.quantity,
      })),
      expiresAt,
      successUrl: `${deps.publicUrl}/loader?next=my-orders`,
      cancelUrl: `${deps.publicUrl}/cart`,
    });
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      if (
        await changeOrderStatus(tx, order.id, ["Awaiting Payment"], "Cancelled", "system", {
          paymentExpiresAt: null,
        })
      ) {
        await returnStock(tx, order.id);
      }
    });
    deps.log?.error(
      { err: error, orderId: order.id },
      "payment provider refused to open a checkout",
    );
    throw new AppError(
      "unavailable",
      "Online payment is unavailable right now. Please try again or choose Cash On Delivery.",
    );
  }
  await deps.db.insert(paymentSessions).values({
    id: session.id,
    provider: deps.provider.name,
    orderId: order.id,
    url: session.url,
    amountPaise: order.amountPaise,
    expiresAt,
  });
  return session.url;
}
