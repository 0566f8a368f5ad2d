import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../contract/money";
import type { PlaceOrderInput } from "../../../contract/order";
import { deliveryPromiseMinutes, type PaymentType } from "../../../contract/order-status";
import type { Database, Db } from "../../db/database";
import {
  sqlConstraintOf,
  sqlDetailOf,
  sqlHintOf,
  sqlMessageOf,
  sqlStateOf,
} from "../../db/database-errors";
import { isUuid } from "../../db/ids";
import { idempotencyKeys } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { ShopSettings } from "../shop/shop-settings";
import { priceOrder, type OrderPrice } from "./order-pricing";

/** How long an online order holds its stock while the shopper pays: the 30-minute checkout plus a little grace for late provider events. */
export const PAYMENT_HOLD_MINUTES = 32;

/**
 * Limits on stock held by unpaid online checkouts (docs/decisions/013-unpaid-holds.md): a shopper
 * may have at most 2 waiting at once, and one network (many accounts behind one address) 10; one
 * checkout may hold at most 20% of a product's units on hand, or 10 units if that is more; and all
 * of them together at most half of a product's units (on hand and held), one unit at least, so
 * that however many accounts start checkouts, half a sale's stock is always there for those who
 * pay.
 */
export const HOLD_LIMITS = {
  maxUnpaidCheckouts: 2,
  maxPerNetwork: 10,
  share: 0.2,
  floor: 10,
  totalShare: 0.5,
} as const;

export interface PlacedOrder {
  orderId: string;
  /** True when this was a repeat of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** Each product's stock after the order (none for a replay). */
  stock: StockState[];
}

export interface StockState {
  id: string;
  stock: number;
  inStock: boolean;
  version: number;
  at: string;
}

export interface PlaceOrderOptions {
  paymentType: PaymentType;
  idempotencyKey?: string;
  /** The shop whose fees, area and hours the order is priced and judged by (order-pricing.ts). */
  shop: ShopSettings;
  /** Where the pricing reads what it needs (the address, prices a client did not send). */
  db: Db;
  /** For an online checkout: the network it came from (rate-limit.ts networkOf). */
  clientNetwork?: string;
}

/**
 * What an Idempotency-Key stands for: the payment, the address, the products and quantities. Not
 * the prices the shopper was shown: a retry after a lost answer is the same order even if the page
 * has learnt a new price since (a refused order wrote nothing, so reusing its key is safe).
 */
export const requestHash = (paymentType: PaymentType, input: PlaceOrderInput) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        paymentType,
        input.address,
        input.items
          .map((i) => ({ product: i.product, quantity: i.quantity }))
          .sort((a, b) => a.product.localeCompare(b.product)),
      ]),
    )
    .digest("hex");

/** The largest total an order can have: its amount is a PostgreSQL integer, in paise. */
const MAX_ORDER_PAISE = 2_147_483_647;

/** Ids as the database writes them (UUIDs in lower case), so a repeat and its hash agree. */
export const canonical = (input: PlaceOrderInput): PlaceOrderInput => ({
  ...input,
  address: input.address.toLowerCase(),
  items: input.items.map((i) => ({ ...i, product: i.product.toLowerCase() })),
});

interface PlaceOrderRow {
  order_id: string | null;
  replayed: boolean;
  request_hash: string;
  stock: StockState[] | string | null;
}

/**
 * The call, always the same text: a named prepared statement, so each connection plans it once
 * and the store builds no SQL per order (issue 12).
 */
const placeOrderStatement = {
  name: "place_order",
  text: `select * from place_order($1::uuid, $2::uuid, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::timestamptz)`,
};

/**
 * Places an order in one transaction and one round trip: the database function `place_order`
 * (server/db/functions/place_order.sql) writes the order, its item snapshots, history and event,
 * empties the saved cart for cash on delivery, and takes each product's units last, with a
 * conditional update. If any product cannot be taken nothing is written (409 `out_of_stock`).
 * Online orders wait in `Awaiting Payment`, holding their stock. A repeat with the same
 * Idempotency-Key and body gets the same order; with another body, 422.
 */
export async function placeOrder(
  database: Pick<Database, "prepared">,
  userId: string,
  input: PlaceOrderInput,
  options: PlaceOrderOptions,
): Promise<PlacedOrder> {
  input = canonical(input);
  if (!isUuid(input.address)) throw notFound("Address");
  const unknown = input.items.find((i) => !isUuid(i.product));
  if (unknown) throw new AppError("not_found", "Product not found", { productId: unknown.product });
  const hash = requestHash(options.paymentType, input);
  const items = JSON.stringify(
    input.items.map((i) => ({
      product: i.product,
      quantity: i.quantity,
      shown: i.shownOfferPrice === undefined ? undefined : rupeesToPaise(i.shownOfferPrice),
    })),
  );

  for (let attempt = 1; ; attempt++) {
    const price = await priced(userId, input, options, attempt > 1);
    try {
      const [row] = await database.prepared<PlaceOrderRow>(placeOrderStatement, [
        userId,
        input.address,
        items,
        options.paymentType,
        options.idempotencyKey ?? null,
        hash,
        PAYMENT_HOLD_MINUTES,
        deliveryPromiseMinutes,
        HOLD_LIMITS.maxUnpaidCheckouts,
        HOLD_LIMITS.share,
        HOLD_LIMITS.floor,
        options.clientNetwork ?? null,
        HOLD_LIMITS.maxPerNetwork,
        HOLD_LIMITS.totalShare,
        price?.itemsTotal ?? null,
        price?.deliveryFee ?? 0,
        price?.smallCartFee ?? 0,
        price?.deliverFrom?.toISOString() ?? null,
      ]);
      if (!row?.order_id)
        throw new AppError("conflict", "This order is still being placed. Please wait a moment.");
      if (row.replayed && row.request_hash !== hash)
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used for a different order.",
        );
      const stock =
        typeof row.stock === "string" ? (JSON.parse(row.stock) as StockState[]) : row.stock;
      return { orderId: row.order_id, replayed: row.replayed, stock: stock ?? [] };
    } catch (error) {
      // A price changed between the function's read and its stock update: read it again, once.
      if (sqlStateOf(error) === "GCPRC" && attempt === 1) continue;
      throw placementError(error, input);
    }
  }
}

/**
 * The order priced and judged (order-pricing.ts); undefined for a repeat of an order already
 * placed with this Idempotency-Key, which place_order answers as it was whatever changed since.
 */
async function priced(
  userId: string,
  input: PlaceOrderInput,
  options: PlaceOrderOptions,
  fresh: boolean,
): Promise<OrderPrice | undefined> {
  try {
    return await priceOrder(options.db, options.shop, userId, input, { fresh });
  } catch (error) {
    if (
      options.idempotencyKey &&
      (await idempotencyKeyUsed(options.db, userId, options.idempotencyKey))
    )
      return undefined;
    throw error;
  }
}

interface RefusedProduct {
  name: string;
  stock: number;
  inStock: boolean;
}

/** The refused product as `place_order` read it under its lock, from the error's HINT. */
function refusedProduct(error: unknown): RefusedProduct | undefined {
  try {
    const product = JSON.parse(sqlHintOf(error) ?? "null") as RefusedProduct | null;
    return typeof product?.name === "string" && typeof product.stock === "number"
      ? product
      : undefined;
  } catch {
    return undefined;
  }
}

/** The repriced product as `place_order` read it, from the error's HINT. */
function repricedProduct(error: unknown): { name: string; offerPrice: number } | undefined {
  try {
    const product = JSON.parse(sqlHintOf(error) ?? "null") as {
      name?: unknown;
      offerPrice?: unknown;
    } | null;
    return typeof product?.name === "string" && typeof product.offerPrice === "number"
      ? { name: product.name, offerPrice: product.offerPrice }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The database function's refusals in words a shopper understands. */
function placementError(error: unknown, input: PlaceOrderInput): unknown {
  const state = sqlStateOf(error);
  const productId = sqlDetailOf(error);
  switch (state) {
    case "GCADR":
      return notFound("Address");
    case "GCPRD":
      return new AppError("not_found", "Product not found", { productId });
    case "23503":
      // A row the order points to went while it was placed: the address deleted in another tab
      // after place_order read it (its foreign key waited for that delete to commit).
      if (sqlConstraintOf(error) === "orders_address_id_addresses_id_fk")
        return notFound("Address");
      if (sqlConstraintOf(error) === "order_items_product_id_products_id_fk")
        return new AppError("not_found", "Product not found");
      return error;
    case "GCHL2":
      return new AppError(
        "conflict",
        `You have ${HOLD_LIMITS.maxUnpaidCheckouts} online payments you did not finish. Cancel them to pay for this cart, or choose Cash On Delivery.`,
        { unpaidCheckouts: HOLD_LIMITS.maxUnpaidCheckouts },
      );
    case "GCHL3":
      return new AppError(
        "conflict",
        "Too many online payments are waiting to be finished from your network right now. Please try again in a few minutes, or choose Cash On Delivery.",
      );
    case "GCSHN": {
      const product = repricedProduct(error);
      return new AppError(
        "price_changed",
        product
          ? `The price of ${product.name} is now ${formatRupees(product.offerPrice)}. Please check your cart and place the order again.`
          : "A price in your cart has changed. Please check your cart and place the order again.",
        { productId },
      );
    }
    case "GCPRC":
      return new AppError(
        "conflict",
        "A price in your cart has just changed. Please check your cart and try again.",
        { productId },
      );
    case "22003":
      // integer out of range: the order's total in paise does not fit its column.
      return new AppError(
        "validation_failed",
        `items: this order comes to more than one order can hold (${formatRupees(paiseToRupees(MAX_ORDER_PAISE))}). Please split it into smaller orders.`,
      );
    case "GCOOS":
    case "GCHLD":
    case "GCHLT": {
      const product = refusedProduct(error);
      if (!product) return new AppError("out_of_stock", "Sorry, an item is out of stock.");
      if (state === "GCHLT") {
        const free = Number(sqlMessageOf(error) ?? 0);
        return new AppError(
          "conflict",
          free > 0
            ? `Right now only ${free} more of ${product.name} can be reserved for online payment. Choose fewer, pay cash on delivery, or try again in a few minutes.`
            : `Every ${product.name} that can be reserved for online payment is waiting for other shoppers to pay. Pay cash on delivery, or try again in a few minutes.`,
          { productId },
        );
      }
      if (state === "GCHLD")
        return new AppError(
          "conflict",
          `While paying online you can reserve at most ${sqlMessageOf(error) ?? HOLD_LIMITS.floor} of ${product.name}. Choose fewer, or pay cash on delivery.`,
          { productId },
        );
      return new AppError(
        "out_of_stock",
        !product.inStock || product.stock === 0
          ? `Sorry, ${product.name} is out of stock.`
          : `Only ${product.stock} of ${product.name} left; you asked for ${input.items.find((i) => i.product === productId)?.quantity ?? "more"}.`,
        { productId },
      );
    }
    default:
      return error;
  }
}

/** Whether this shopper already used this Idempotency-Key (a repeat must not cancel anything). */
export async function idempotencyKeyUsed(db: Db, userId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return Boolean(row);
}

/** Tells this process's catalogue the stock an order left, before answering the shopper. */
export function offerStock(cache: CatalogCache, states: StockState[]): void {
  for (const state of states)
    cache.stockChanged(state.id, {
      stock: state.stock,
      inStock: state.inStock,
      version: state.version,
      updatedAt: new Date(state.at).toISOString(),
    });
}
