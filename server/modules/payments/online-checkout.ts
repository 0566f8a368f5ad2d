import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PlaceOrderInput } from "../../../contract/order";
import type { Database, Db } from "../../db/database";
import { idempotencyKeys, orderItems, orders, paymentSessions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { PublicUrls } from "../media/public-urls";
import type { CatalogCache } from "../catalog/catalog-cache";
import { canonical, idempotencyKeyUsed, offerStock, placeOrder } from "../orders/order-placement";
import { moveOrder } from "../orders/order-transitions";
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

/**
 * Places the order as `Awaiting Payment` (stock held), then opens the provider's hosted checkout.
 * The network call happens outside any transaction; if it fails the order is cancelled and its
 * stock returned. A repeated Idempotency-Key answers with the same checkout. A newer checkout of
 * the same cart replaces the shopper's older one, whose hold is released at once.
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
    cache?: CatalogCache;
  },
): Promise<{ orderId: string; url: string }> {
  const pageUrl = (url: string) =>
    options.pageOrigin && url.startsWith("/") && !url.startsWith("//")
      ? `${options.pageOrigin}${url}`
      : deps.urls.absolute(url);
  input = canonical(input);
  const repeat =
    options.idempotencyKey !== undefined &&
    (await idempotencyKeyUsed(deps.db, userId, options.idempotencyKey));
  if (!repeat) await releaseOlderHolds(deps, userId, input, options.idempotencyKey);

  const placed = await placeOrder(deps.database, userId, input, {
    paymentType: "Online",
    idempotencyKey: options.idempotencyKey,
  });
  if (options.cache) offerStock(options.cache, placed.stock);
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
      const [order] = await deps.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, placed.orderId));
      if (order?.status === "Cancelled") {
        await deps.db.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, placed.orderId));
        throw paymentUnavailable();
      }
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
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await deps.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  const expiresAt = new Date(Date.now() + CHECKOUT_MINUTES * 60_000 + 30_000);
  const back = returnAddresses(returnOrigin ?? deps.urls.publicUrl);
  let session;
  try {
    session = await deps.provider.createCheckout({
      orderId,
      amountPaise: order!.amountPaise,
      lines: lines.map((i) => ({
        name: i.product.name,
        unitAmountPaise: i.unitPricePaise,
        quantity: i.quantity,
      })),
      expiresAt,
      successUrl: back.paid,
      cancelUrl: back.cancelled,
    });
  } catch (error) {
    // The order never reached the shopper: cancelled, its stock back, and its Idempotency-Key
    // freed, so that "try again" (the same cart, the same key) opens a new checkout instead of
    // replaying this one for ever.
    await deps.db.transaction(async (tx) => {
      await moveOrder(tx, {
        orderId,
        to: "Cancelled",
        actor: "system",
        from: ["Awaiting Payment"],
      });
      await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId));
    });
    deps.log?.error({ err: error, orderId }, "payment provider refused to open a checkout");
    throw paymentUnavailable();
  }
  await deps.db.insert(paymentSessions).values({
    id: session.id,
    provider: deps.provider.name,
    orderId,
    url: session.url,
    returnOrigin,
    amountPaise: order!.amountPaise,
    expiresAt,
  });
  return session.url;
}

/** The shopper's online orders still waiting for payment, but the one made with `exceptKey`. */
function unpaidCheckouts(db: Db, userId: string, exceptKey?: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(
      idempotencyKeys,
      and(
        eq(idempotencyKeys.orderId, orders.id),
        eq(idempotencyKeys.key, exceptKey ?? ""),
        eq(idempotencyKeys.userId, userId),
      ),
    )
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "Awaiting Payment"),
        isNull(idempotencyKeys.key),
      ),
    );
}

/**
 * Cancels the shopper's unpaid checkouts of exactly this cart: the new one replaces them. Never
 * the one made with this request's own Idempotency-Key: a twin of this request (a double tap)
 * may have placed it since this one found the key unused, and it is the order both answer with.
 */
export async function releaseOlderHolds(
  deps: OnlineCheckoutDeps,
  userId: string,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<void> {
  const waiting = await unpaidCheckouts(deps.db, userId, idempotencyKey);
  if (waiting.length === 0) return;
  const items = await deps.db
    .select({
      orderId: orderItems.orderId,
      product: orderItems.productId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        waiting.map((w) => w.id),
      ),
    );
  const signature = (list: { product: string; quantity: number }[]) =>
    JSON.stringify(
      list.map((i) => `${i.product}:${i.quantity}`).sort((a, b) => a.localeCompare(b)),
    );
  const wanted = signature(input.items);
  for (const { id } of waiting) {
    if (signature(items.filter((i) => i.orderId === id)) === wanted)
      await giveUpCheckout(deps, id, "system");
  }
}

/**
 * The shopper gives up every online checkout they left unfinished (`POST /api/order/unpaid/cancel`):
 * each is cancelled, its stock returned, and its hosted page closed. Answers how many were.
 */
export async function cancelUnpaidCheckouts(
  deps: OnlineCheckoutDeps,
  userId: string,
): Promise<number> {
  const waiting = await unpaidCheckouts(deps.db, userId);
  let cancelled = 0;
  for (const { id } of waiting) if (await giveUpCheckout(deps, id, "shopper")) cancelled++;
  return cancelled;
}

/**
 * Cancels an unpaid online order through the one state machine (stock back, ledger, history,
 * live event), then closes its page at the provider so that it can no longer be paid. False if
 * it was no longer waiting (paid or cancelled meanwhile).
 */
async function giveUpCheckout(
  deps: OnlineCheckoutDeps,
  orderId: string,
  actor: "system" | "shopper",
): Promise<boolean> {
  const outcome = await deps.db.transaction((tx) =>
    moveOrder(tx, { orderId, to: "Cancelled", actor, from: ["Awaiting Payment"] }),
  );
  if (!outcome.moved) return false;
  const [session] = await deps.db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId));
  if (session)
    await deps.provider.cancelCheckout(session.id).catch((error: unknown) => {
      deps.log?.warn({ err: error, orderId }, "could not close a given-up checkout");
    });
  return true;
}
