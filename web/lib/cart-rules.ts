import { MAX_QUANTITY } from "../../contract/limits";
import { paiseToRupees, rupeesToPaise } from "../../contract/money";
import type { CartItems } from "../../contract/user";

/*
 * The cart rules of the spec (store-spec.md section 4 and 9), as plain functions. A line holds at
 * most MAX_QUANTITY of its product, as the contract's cart and order schemas do.
 */

/**
 * Add puts one more, up to MAX_QUANTITY and to the `stock` left; a cart holding more keeps what it
 * holds.
 */
export function addOne(cart: CartItems, productId: string, stock = MAX_QUANTITY): CartItems {
  const current = cart[productId] ?? 0;
  if (current >= Math.min(MAX_QUANTITY, stock)) return cart;
  return { ...cart, [productId]: current + 1 };
}

export function setQuantity(cart: CartItems, productId: string, quantity: number): CartItems {
  if (quantity <= 0) return removeAll(cart, productId);
  return { ...cart, [productId]: Math.min(MAX_QUANTITY, Math.floor(quantity)) };
}

/** Remove takes one away; the line disappears at zero. */
export function removeOne(cart: CartItems, productId: string): CartItems {
  const current = cart[productId] ?? 0;
  if (current <= 1) return removeAll(cart, productId);
  return { ...cart, [productId]: current - 1 };
}

export function removeAll(cart: CartItems, productId: string): CartItems {
  const { [productId]: _removed, ...rest } = cart;
  return rest;
}

/** On login the visitor's cart joins the saved one: quantities add up, capped at MAX_QUANTITY. */
export function mergeCarts(saved: CartItems, local: CartItems): CartItems {
  const merged: CartItems = { ...saved };
  for (const [id, quantity] of Object.entries(local))
    merged[id] = Math.min(MAX_QUANTITY, (merged[id] ?? 0) + quantity);
  return merged;
}

/** The same text for the same lines in any order (the server keeps a cart's keys its own way). */
export function cartText(cart: CartItems): string {
  return JSON.stringify(Object.entries(cart).sort());
}

export function countItems(cart: CartItems): number {
  return Object.values(cart).reduce((sum, q) => sum + q, 0);
}

/**
 * Dropdown choices: 1 to 9, or up to the current quantity when above 9; never more than the
 * `stock` left, unless the cart already holds more (then up to what it holds, which it says).
 */
export function quantityOptions(current: number, stock = Infinity): number[] {
  return Array.from({ length: Math.max(Math.min(9, stock), current) }, (_, i) => i + 1);
}

/** Cart total in rupees, summed in paise (contract/money.ts). */
export function cartTotal(lines: { offerPrice: number; quantity: number }[]): number {
  const paise = lines.reduce((sum, l) => sum + rupeesToPaise(l.offerPrice) * l.quantity, 0);
  return paiseToRupees(paise);
}

/** Keeps only entries whose product still exists. */
export function withoutUnknown(cart: CartItems, known: Set<string>): CartItems {
  return Object.fromEntries(Object.entries(cart).filter(([id]) => known.has(id)));
}
