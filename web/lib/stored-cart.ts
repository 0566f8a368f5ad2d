import type { CartItems } from "../../contract/user";
import { mergeCarts } from "./cart-rules";

export const CART_KEY = "greencart.cart";

/**
 * The cart as this browser keeps it between visits. `owner` is null for a visitor's cart (merged
 * into the saved cart at login), or the signed-in shopper's id; `unsaved` says the server has not
 * yet received this state (a reload within the save delay must not lose it, and a cart the server
 * already holds must not be merged into itself again).
 */
export interface StoredCart {
  owner: string | null;
  items: CartItems;
  unsaved: boolean;
}

const validItems = (value: unknown): CartItems =>
  value && typeof value === "object"
    ? Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(
          (e): e is [string, number] =>
            typeof e[1] === "number" && Number.isInteger(e[1]) && e[1] > 0 && e[1] < 100,
        ),
      )
    : {};

export function readStoredCart(): StoredCart {
  try {
    const parsed = JSON.parse(localStorage.getItem(CART_KEY) ?? "{}") as Record<string, unknown>;
    if (parsed && typeof parsed === "object" && "items" in parsed) {
      return {
        owner: typeof parsed.owner === "string" ? parsed.owner : null,
        items: validItems(parsed.items),
        unsaved: parsed.unsaved === true,
      };
    }
    // A bare map of quantities: a visitor's cart.
    return { owner: null, items: validItems(parsed), unsaved: false };
  } catch {
    return { owner: null, items: {}, unsaved: false };
  }
}

export function writeStoredCart(cart: StoredCart): void {
  localStorage.setItem(CART_KEY, JSON.stringify(cart));
}

export function forgetStoredCart(): void {
  localStorage.removeItem(CART_KEY);
}

/** The cart a shopper has once signed in, from the saved one and what this browser kept. */
export function cartAfterSignIn(userId: string, saved: CartItems, stored: StoredCart): CartItems {
  if (stored.owner === null) return mergeCarts(saved, stored.items);
  if (stored.owner === userId && stored.unsaved) return stored.items;
  return saved;
}

/**
 * Whether `stored` is the cart the session's answer will leave (the changes made meanwhile aside),
 * before it comes: a visitor's cart when the browser holds no shopper's session (`shopper`), or,
 * when it holds one, changes of that shopper the server has not got yet, which sign-in keeps
 * whatever the saved cart holds. Not a shopper's saved record, which sign-in replaces with the
 * saved cart (changed since on another device, maybe), nor a visitor's cart with a shopper's
 * session, which sign-in merges into the saved one; nor a shopper's record without a session,
 * which a visitor is not shown.
 */
export function keptCartStands(stored: StoredCart, shopper: boolean): boolean {
  return shopper ? stored.owner !== null && stored.unsaved : stored.owner === null;
}
