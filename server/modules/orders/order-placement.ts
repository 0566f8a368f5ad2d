import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { rupeesToPaise } from "../../../contract/money";
import type { PlaceOrderInput } from "../../../contract/order";
import { deliveryPromiseMinutes, type PaymentType } from "../../../contract/order-status";
import type { Database, Db } from "../../db/database";
import { sqlStateOf } from "../../db/database-errors";
import { isUuid } from "../../db/ids";
import { idempotencyKeys } from "../../db/schema";
import { AppError, notFound } from "../../http/app-error";
import { HOLD_LIMITS, PAYMENT_HOLD_MINUTES } from "./order-limits";
import { placementError } from "./placement-errors";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { ShopSettings } from "../shop/shop-settings";
import { priceOrder, type OrderPrice } from "./order-pricing";

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
