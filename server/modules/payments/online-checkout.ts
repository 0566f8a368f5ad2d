import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PlaceOrderInput } from "../../../contract/order";
import type { Database, Db } from "../../db/database";
import { paymentSessions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { ShopSettings } from "../shop/shop-settings";
import {
  cancelUnpaidOrders,
  freeKeyIfCancelled,
  orderToPay,
  placeOnlineOrder,
  withdrawOnlineOrder,
  type OnlineOrderDeps,
} from "../orders/online-orders";
import type { PaymentProvider } from "./payment-provider";

/** The hosted page stays open this long; the order's stock hold (32 min) outlives it a little. */
const CHECKOUT_MINUTES = 30;

export interface OnlineCheckoutDeps {
  database: Database;
  db: Db;
  provider: PaymentProvider;
  urls: PublicUrls;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
}

/** Where the shopper returns after paying or cancelling: an allowed client's origin, or ours. */
export function returnAddresses(origin: string) {
  return { paid: `${origin}/loader?next=my-orders`, cancelled: `${origin}/cart?payment=cancelled` };
}

/** The orders module's side of a checkout, told to close the page of each order given up. */
const orderDeps = (deps: OnlineCheckoutDeps): OnlineOrderDeps => ({
  database: deps.database,
  db: deps.db,
  onGivenUp: (orderId) => closeCheckout(deps, orderId),
});

/**
 * Places the order as `Awaiting Payment` (stock held: the orders module's placeOnlineOrder), then
 * opens the provider's hosted checkout. The network call happens outside any transaction; if it
 * fails the order is cancelled and its stock returned. A repeated Idempotency-Key answers with
 * the same checkout. A newer checkout of the same cart replaces the shopper's older one, whose
 * hold is released at once and whose page is closed.
 */
export async function startOnlineCheckout(
  deps: OnlineCheckoutDeps,
  userId: string,
  input: PlaceOrderInput,
  options: {
    idempotencyKey?: string;
    returnOrigin: string | null;
    /** Where a payment page of the store's own (demo) is addressed; PUBLIC_URL by default. */
    pageOrigin?: string;
    /** The network the checkout came from (its unpaid checkouts are counted, decision 013). */
    clientNetwork?: string;
    cache?: CatalogCache;
    /** The shop whose fees, area and hours price and judge the order. */
    shop: ShopSettings;
  },
): Promise<{ orderId: string; url: string }> {
  const pageUrl = (url: string) =>
    options.pageOrigin && url.startsWith("/") && !url.startsWith("//")
      ? `${options.pageOrigin}${url}`
      : deps.urls.absolute(url);
  const placed = await placeOnlineOrder(orderDeps(deps), userId, input, {
    idempotencyKey: options.idempotencyKey,
    clientNetwork: options.clientNetwork,
    cache: options.cache,
    shop: options.shop,
  });
  if (placed.replayed) {
    const [session] = await deps.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, placed.orderId))
      .limit(1);
    if (!session) {
      // The same request still opening its checkout; or one whose provider failed, which
      // cancelled the order (a twin that waited on its key; a key kept by an older version): the
      // same answer as it gave, and the key freed for the next try.
      if (await freeKeyIfCancelled(deps.db, placed.orderId)) throw paymentUnavailable();
      throw new AppError(
        "conflict",
        "This checkout is still being prepared. Please try again in a moment.",
      );
    }
    return { orderId: placed.orderId, url: pageUrl(session.url) };
  }
  const url = await openCheckout(deps, placed.orderId, options.returnOrigin);
  return { orderId: placed.orderId, url: pageUrl(url) };
}

const paymentUnavailable = () =>
  new AppError(
    "unavailable",
    "Online payment is unavailable right now. Please try again or choose Cash On Delivery.",
  );

async function openCheckout(
  deps: OnlineCheckoutDeps,
  orderId: string,
  returnOrigin: string | null,
): Promise<string> {
  const order = await orderToPay(deps.db, orderId);
  const expiresAt = new Date(Date.now() + CHECKOUT_MINUTES * 60_000 + 30_000);
  const back = returnAddresses(returnOrigin ?? deps.urls.publicUrl);
  let session;
  try {
    session = await deps.provider.createCheckout({
      orderId,
      amountPaise: order.amountPaise,
      lines: order.lines.map((line) => ({
        name: line.name,
        unitAmountPaise: line.unitPricePaise,
        quantity: line.quantity,
      })),
      expiresAt,
      holdEndsAt: order.holdEndsAt,
      successUrl: back.paid,
      cancelUrl: back.cancelled,
    });
  } catch (error) {
    // The order never reached the shopper: cancelled, its stock back, its key freed.
    await withdrawOnlineOrder(deps.db, orderId);
    deps.log?.error({ err: error, orderId }, "payment provider refused to open a checkout");
    throw paymentUnavailable();
  }
  await deps.db.insert(paymentSessions).values({
    id: session.id,
    provider: deps.provider.name,
    orderId,
    url: session.url,
    returnOrigin,
    amountPaise: order.amountPaise,
    expiresAt,
  });
  return session.url;
}

/**
 * The shopper gives up every online checkout they left unfinished (`POST /api/order/unpaid/cancel`):
 * each is cancelled, its stock returned, and its hosted page closed. Answers how many were.
 */
export function cancelUnpaidCheckouts(deps: OnlineCheckoutDeps, userId: string): Promise<number> {
  return cancelUnpaidOrders(orderDeps(deps), userId);
}

/**
 * What the orders module is given to close the page of a checkout the seller cancelled (it
 * imports nothing of payments): `closeCheckout` with the app's provider and the request's logger.
 */
export function checkoutCloser(deps: {
  database: Database;
  db: Db;
  payments: PaymentProvider;
  urls: PublicUrls;
}) {
  return (orderId: string, log: NonNullable<OnlineCheckoutDeps["log"]>) =>
    closeCheckout({ ...deps, provider: deps.payments, log }, orderId);
}

/**
 * Closes the hosted page of an order given up (by the shopper, the store, or the seller), so that
 * it can no longer be paid (best effort: money that arrives anyway is owed back, decision 006).
 */
async function closeCheckout(deps: OnlineCheckoutDeps, orderId: string): Promise<void> {
  const [session] = await deps.db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId));
  if (session)
    await deps.provider.cancelCheckout(session.id).catch((error: unknown) => {
      deps.log?.warn({ err: error, orderId }, "could not close a given-up checkout");
    });
}
