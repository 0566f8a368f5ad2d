import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { PlaceOrderInput } from "../../../contract/order";
import type { Database, Db } from "../../db/database";
import { idempotencyKeys, orderItems, orders } from "../../db/schema";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { ShopSettings } from "../shop/shop-settings";
import { canonical, idempotencyKeyUsed, offerStock, placeOrder } from "./order-placement";
import { moveOrder } from "./order-transitions";

// The orders side of an online checkout: the order that waits for its payment, holding its
// stock. The payments module opens and closes the provider's page around it, and writes none of
// these tables itself.

export interface OnlineOrderDeps {
  database: Pick<Database, "prepared">;
  db: Db;
  /**
   * Told of each unpaid order given up (replaced by a newer checkout of the same cart, or
   * cancelled by the shopper) once its cancellation has committed: payments closes its page so
   * that it can no longer be paid.
   */
  onGivenUp?: (orderId: string) => Promise<void>;
}

/**
 * Places an online order as `Awaiting Payment` (stock held). A newer checkout of the same cart
 * replaces the shopper's older one, whose hold is released first. A repeated Idempotency-Key
 * answers with the order it placed (`replayed`).
 */
export async function placeOnlineOrder(
  deps: OnlineOrderDeps,
  userId: string,
  input: PlaceOrderInput,
  options: {
    idempotencyKey?: string;
    clientNetwork?: string;
    cache?: CatalogCache;
    shop: ShopSettings;
  },
): Promise<{ orderId: string; replayed: boolean }> {
  input = canonical(input);
  const repeat =
    options.idempotencyKey !== undefined &&
    (await idempotencyKeyUsed(deps.db, userId, options.idempotencyKey));
  if (!repeat) await releaseOlderHolds(deps, userId, input, options.idempotencyKey);

  const placed = await placeOrder(deps.database, userId, input, {
    paymentType: "Online",
    idempotencyKey: options.idempotencyKey,
    clientNetwork: options.clientNetwork,
    shop: options.shop,
    db: deps.db,
  });
  if (options.cache) offerStock(options.cache, placed.stock);
  return { orderId: placed.orderId, replayed: placed.replayed };
}

/**
 * What a payment provider is asked to charge for an order: its amount and its lines, a fee being a
 * line of its own, so that the lines add up to the amount (a hosted page such as Stripe's charges
 * what its lines come to).
 */
export async function orderToPay(db: Db, orderId: string) {
  const [order] = await db
    .select({
      amountPaise: orders.amountPaise,
      deliveryFeePaise: orders.deliveryFeePaise,
      smallCartFeePaise: orders.smallCartFeePaise,
      paymentExpiresAt: orders.paymentExpiresAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId} to pay for`);
  const items = await db
    .select({
      product: orderItems.product,
      unitPricePaise: orderItems.unitPricePaise,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  const fees = [
    { name: "Delivery fee", unitPricePaise: order.deliveryFeePaise, quantity: 1 },
    { name: "Small cart fee", unitPricePaise: order.smallCartFeePaise, quantity: 1 },
  ].filter((fee) => fee.unitPricePaise > 0);
  return {
    amountPaise: order.amountPaise,
    /** When the stock hold lapses. */
    holdEndsAt: order.paymentExpiresAt ?? undefined,
    lines: [
      ...items.map((i) => ({
        name: i.product.name,
        unitPricePaise: i.unitPricePaise,
        quantity: i.quantity,
      })),
      ...fees,
    ],
  };
}

/**
 * An online order whose checkout could not be opened never reached the shopper: cancelled, its
 * stock back, and its Idempotency-Key freed, so that "try again" (the same cart, the same key)
 * places a new order instead of replaying this one for ever.
 */
export async function withdrawOnlineOrder(db: Db, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await moveOrder(tx, { orderId, to: "Cancelled", actor: "system", from: ["Awaiting Payment"] });
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId));
  });
}

/**
 * For a replayed order whose checkout never opened: if it was cancelled (its provider failed;
 * a twin that waited on its key; a key kept by an older version), frees the key for the next try
 * and answers true.
 */
export async function freeKeyIfCancelled(db: Db, orderId: string): Promise<boolean> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.status !== "Cancelled") return false;
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId));
  return true;
}

/** The shopper's online orders still waiting for payment, but the one made with `exceptKey`. */
function unpaidOrders(db: Db, userId: string, exceptKey?: string) {
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
  deps: OnlineOrderDeps,
  userId: string,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<void> {
  const waiting = await unpaidOrders(deps.db, userId, idempotencyKey);
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
      await giveUp(deps, id, "system");
  }
}

/**
 * The shopper gives up every online order they left unpaid (`POST /api/order/unpaid/cancel`):
 * each is cancelled and its stock returned. Answers how many were.
 */
export async function cancelUnpaidOrders(deps: OnlineOrderDeps, userId: string): Promise<number> {
  const waiting = await unpaidOrders(deps.db, userId);
  let cancelled = 0;
  for (const { id } of waiting) if (await giveUp(deps, id, "shopper")) cancelled++;
  return cancelled;
}

/**
 * Cancels an unpaid online order through the one state machine (stock back, ledger, history,
 * live event), then tells payments. False if it was no longer waiting (paid or cancelled
 * meanwhile).
 */
async function giveUp(
  deps: OnlineOrderDeps,
  orderId: string,
  actor: "system" | "shopper",
): Promise<boolean> {
  const outcome = await deps.db.transaction((tx) =>
    moveOrder(tx, { orderId, to: "Cancelled", actor, from: ["Awaiting Payment"] }),
  );
  if (!outcome.moved) return false;
  await deps.onGivenUp?.(orderId);
  return true;
}
