import { formatRupees, paiseToRupees } from "../../../contract/money";
import type { PlaceOrderInput } from "../../../contract/order";
import {
  sqlConstraintOf,
  sqlDetailOf,
  sqlHintOf,
  sqlMessageOf,
  sqlStateOf,
} from "../../db/database-errors";
import { AppError, notFound } from "../../http/app-error";
import { HOLD_LIMITS, MAX_ORDER_PAISE } from "./order-limits";

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
export function placementError(error: unknown, input: PlaceOrderInput): unknown {
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
