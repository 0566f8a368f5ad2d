import { createContext, useContext, useSyncExternalStore } from "react";
import type { Product } from "../../contract/product";
import type { CartItems } from "../../contract/user";
import { countItems } from "./cart-rules";

/** What changes the cart: the same functions whatever it holds. */
export interface CartActions {
  /** One more of `product`, unless the cart already holds all of its stock (then a toast says so). */
  addToCart: (product: Pick<Product, "_id" | "name" | "stock">) => void;
  updateCart: (productId: string, quantity: number) => void;
  /**
   * Several lines at once, without a toast per line (the caller says what happened); or, as a
   * function of the cart as it is when applied, lines that depend on it (added to what it holds).
   */
  setQuantities: (
    quantities: Record<string, number> | ((cart: CartItems) => Record<string, number>),
  ) => void;
  removeFromCart: (productId: string) => void;
  clearCart: () => void;
}

/**
 * The cart as last drawn, for the components that show it: a product card its own line
 * (`useCartQuantity`), the header its count, the cart page all of it. The cart itself is React
 * state of `StoreProvider` (made in lib/cart-state.ts), which shows each cart it drew here in a
 * layout effect; whoever watches follows before the paint.
 *
 * Through this store, and not a context value that changes with the cart, so that a cart change
 * does not have React look through every component of the page for readers of that context: on
 * a list of thousands of product cards that alone took 12 ms an Add (docs/decisions/017).
 */
export function shownCart(first: CartItems) {
  let items = first;
  const watchers = new Set<() => void>();
  return {
    get: () => items,
    /** After a render that drew `next`. */
    show: (next: CartItems) => {
      if (next === items) return;
      items = next;
      for (const watcher of watchers) watcher();
    },
    subscribe: (watcher: () => void) => {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
  };
}

/** The shown cart and its actions: one value for the app's whole life. */
export type CartAccess = Pick<ReturnType<typeof shownCart>, "get" | "subscribe"> & CartActions;

export const CartContext = createContext<CartAccess | null>(null);

function useCartContext(): CartAccess {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("A cart hook outside StoreProvider");
  return cart;
}

/** The server draws every page for a visitor with an empty cart. */
const noneOnServer = () => 0;
const emptyOnServer: CartItems = {};

/** The whole cart: its component draws again at every change (the cart page, its loading frame). */
export function useCart(): CartItems {
  const cart = useCartContext();
  return useSyncExternalStore(cart.subscribe, cart.get, () => emptyOnServer);
}

/** How many items the cart holds (the header's badge). */
export function useCartCount(): number {
  const cart = useCartContext();
  return useSyncExternalStore(cart.subscribe, () => countItems(cart.get()), noneOnServer);
}

/**
 * How many of one product the cart holds. Its component draws again when that number changes,
 * not at every change of the cart: for lists of product cards, which may run to thousands.
 */
export function useCartQuantity(productId: string): number {
  const cart = useCartContext();
  return useSyncExternalStore(cart.subscribe, () => cart.get()[productId] ?? 0, noneOnServer);
}

/**
 * The cart as last drawn, read when called: for work that reads the cart after waiting (an answer
 * from the server), when the cart of the render that started it may be old.
 */
export function useReadCart(): () => CartItems {
  return useCartContext().get;
}

/** The cart's actions, which stay the same functions as the cart changes. */
export function useCartActions(): CartActions {
  return useCartContext();
}
