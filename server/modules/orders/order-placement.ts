import { createHash } from "node:crypto";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { PlaceOrderInput } from "../../../contract/order";
import { deliveryPromiseMinutes, type PaymentType } from "../../../contract/order-status";
import type { Db, Tx } from "../../db/database";
import { isUuid } from "../../db/ids";
import {
  addresses,
  idempotencyKeys,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  users,
} from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { toProduct } from "../catalog/product-view";

/** How long an online order holds its stock while the shopper pays: the 30-minute checkout plus a little grace for late provider events. */
export const PAYMENT_HOLD_MINUTES = 32;

export interface PlacedOrder {
  id: string;
  userId: string;
  amountPaise: number;
  items: { productId: string; name: string; unitPricePaise: number; quantity: number }[];
}

export interface StoredAnswer {
  status: number;
  /** The JSON body, serialised once so a replay sends exactly the same bytes. */
  body: string;
}

export interface PlaceOrderOptions {
  paymentType: PaymentType;
  idempotencyKey?: string;
  /** The answer to send (and to store for replays of the same Idempotency-Key). */
  answer: (order: PlacedOrder) => { status: number; body: object };
}

export interface PlaceOrderResult extends StoredAnswer {
  /** The order this call created; undefined when it replayed an earlier answer. */
  order?: PlacedOrder;
}

const requestHash = (paymentType: PaymentType, input: PlaceOrderInput) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        paymentType,
        input.address,
        [...input.items].sort((a, b) => a.product.localeCompare(b.product)),
      ]),
    )
    .digest("hex");

/**
 * Places an order in one transaction: the units of every product are taken with a conditional
 * update (rows in product-id order, so concurrent orders never deadlock), the order and its item
 * snapshots are written, and for cash on delivery the saved cart is emptied. If any product cannot
 * be taken nothing is written (409 `out_of_stock`). Online orders wait in `Awaiting Payment`.
 */
export async function placeOrder(
  db: Db,
  userId: string,
  input: PlaceOrderInput,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResult> {
  const hash = requestHash(options.paymentType, input);
  const outcome = await db.transaction(async (tx) => {
    if (options.idempotencyKey) {
      // The primary key makes a concurrent twin wait here until this transaction ends.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({
          userId,
          key: options.idempotencyKey,
          requestHash: hash,
          responseStatus: 0,
          responseBody: {},
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) return { replay: true as const };
    }
    const order = await createOrder(tx, userId, input, options.paymentType);
    const { status, body } = options.answer(order);
    const answer: StoredAnswer = { status, body: JSON.stringify(body) };
    if (options.idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: answer.status, responseBody: answer.body, orderId: order.id })
        .where(
          and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, options.idempotencyKey)),
        );
    }
    return { replay: false as const, order, answer };
  });
  if (!outcome.replay) return { ...outcome.answer, order: outcome.order };
  return replay(db, userId, options.idempotencyKey!, hash);
}

async function replay(
  db: Db,
  userId: string,
  key: string,
  hash: string,
): Promise<PlaceOrderResult> {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!stored)
    throw new AppError(
      "conflict",
      "A request with this Idempotency-Key is still being processed. Please retry.",
    );
  if (stored.requestHash !== hash) {
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used for a different order.",
    );
  }
  // Stored as a JSON string; a driver that parses jsonb hands it back as the object itself.
  const body =
    typeof stored.responseBody === "string"
      ? stored.responseBody
      : JSON.stringify(stored.responseBody);
  return { status: stored.responseStatus, body };
}

async function createOrder(
  tx: Tx,
  userId: string,
  input: PlaceOrderInput,
  paymentType: PaymentType,
): Promise<PlacedOrder> {
  if (!isUuid(input.address)) throw notFound("Address");
  const [address] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, input.address), eq(addresses.userId, userId)))
    .limit(1);
  if (!address) throw notFound("Address");

  const wanted = [...input.items].sort((a, b) => a.product.localeCompare(b.product));
  const taken = [];
  for (const item of wanted) {
    if (!isUuid(item.product)) throw notFound("Product");
    const [row] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${item.quantity}`,
        inStock: sql`${products.stock} - ${item.quantity} > 0`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(products.id, item.product),
          isNull(products.deletedAt),
          eq(products.inStock, true),
          gte(products.stock, item.quantity),
        ),
      )
      .returning();
    if (!row) throw await outOfStock(tx, item.product, item.quantity);
    taken.push({ row, quantity: item.quantity });
  }

  const now = new Date();
  const amountPaise = taken.reduce((sum, t) => sum + t.row.offerPricePaise * t.quantity, 0);
  const status = paymentType === "COD" ? "Order Placed" : "Awaiting Payment";
  const { id: addressId, userId: _owner, createdAt: _created, ...addressFields } = address;
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      address: { _id: addressId, ...addressFields },
      addressId,
      amountPaise,
      paymentType,
      status,
      isPaid: false,
      paymentExpiresAt:
        paymentType === "Online" ? new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000) : null,
      deliverBy: new Date(now.getTime() + deliveryPromiseMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await tx.insert(orderItems).values(
    taken.map(({ row, quantity }) => {
      const { _id, name, category, image, price, offerPrice, weight } = toProduct(row);
      return {
        orderId,
        productId: row.id,
        quantity,
        unitPricePaise: row.offerPricePaise,
        product: { _id, name, category, image, price, offerPrice, ...(weight ? { weight } : {}) },
      };
    }),
  );
  await tx
    .insert(orderStatusHistory)
    .values({ orderId, fromStatus: null, toStatus: status, actor: "shopper" });
  if (paymentType === "COD")
    await tx.update(users).set({ cartItems: {}, updatedAt: now }).where(eq(users.id, userId));

  return {
    id: orderId,
    userId,
    amountPaise,
    items: taken.map(({ row, quantity }) => ({
      productId: row.id,
      name: row.name,
      unitPricePaise: row.offerPricePaise,
      quantity,
    })),
  };
}

/** Why a product could not be taken, in words a shopper understands. */
async function outOfStock(tx: Tx, productId: string, quantity: number): Promise<AppError> {
  const [product] = await tx
    .select({
      name: products.name,
      stock: products.stock,
      inStock: products.inStock,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || product.deletedAt) return notFound("Product");
  const message =
    !product.inStock || product.stock === 0
      ? `Sorry, ${product.name} is out of stock.`
      : `Only ${product.stock} of ${product.name} left; you asked for ${quantity}.`;
  return new AppError("out_of_stock", message, { productId });
}
