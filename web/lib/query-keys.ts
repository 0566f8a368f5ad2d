import { productPath } from "../../contract/catalogue-urls";

/*
 * Every query key of the web app, and the only place one is written (architecture.md rule 13;
 * lint forbids an array written as a key anywhere else). Reads, writes' invalidations and the
 * live-order engine all name their queries here, so a key cannot drift between the hook that
 * reads it and the change that refreshes it.
 *
 * The prefixes are part of the design:
 *  - every product query, the storefront's and the seller's, sits under `["products", ...]`, so
 *    one invalidation after a change (a sale, a restock, an edit) refreshes both;
 *  - every order list kept live sits under `["orders", ...]`: the live stream patches them, and a
 *    poll while it is down reads them again (lib/use-order-events.ts);
 *  - orders read page by page sit apart (`older-orders`, `seller-history`), so that neither an
 *    event nor a poll reads their pages again (lib/order-cache.ts replaces a copy they hold).
 */

export const productKeys = {
  all: ["products"] as const,
  /** An answer read whole, by its API path (Best Sellers, related products). */
  list: (path: string) => ["products", path] as const,
  /**
   * One product: the key of its API path, as a list's is. The server's first screen seeds its
   * inline answers by path (entry-server.tsx), a list's and a product's alike.
   */
  one: (id: string) => productKeys.list(productPath(id)),
  /** A paged list of the storefront, by its first page's canonical path. */
  pages: (firstPage: string) => ["products", "pages", firstPage] as const,
  /** The cart's products, by their ids sorted. */
  ids: (sortedIds: readonly string[]) => ["products", "ids", sortedIds] as const,
  /** Every page of every seller product list, whatever its filters. */
  sellerPagesAll: ["products", "seller", "pages"] as const,
  sellerPages: (firstPage: string) => ["products", "seller", "pages", firstPage] as const,
  /** The seller list's counts per stock level, for every search and category. */
  sellerCountsAll: ["products", "seller", "counts"] as const,
  sellerCounts: (path: string) => ["products", "seller", "counts", path] as const,
  /** One product as the seller's edit page reads it. */
  sellerOne: (id: string) => ["products", "seller", "one", id] as const,
  /** One product's stock ledger. */
  stockHistory: (id: string) => ["products", "seller", "stock-history", id] as const,
};

export const orderKeys = {
  /** Every order query kept live (lists and one order's page). */
  all: ["orders"] as const,
  /** The shopper's newest orders. */
  mine: ["orders", "mine"] as const,
  /** One order with its history (the order page). */
  detail: (id: string) => ["orders", "detail", id] as const,
  /** The seller's live queue of open orders. */
  sellerOpen: ["orders", "seller", "open"] as const,
  /** Paid orders cancelled whose money is still to go back. */
  refundDue: ["orders", "seller", "refund-due"] as const,
  /** The seller's newest orders of every status. */
  recent: ["orders", "seller", "recent"] as const,
  /** Online checkouts still waiting for payment. */
  awaitingPayment: ["orders", "seller", "awaiting-payment"] as const,
  /** Every unit to pack across open orders. */
  pickList: ["orders", "pick-list"] as const,
  /** The shopper's older orders, page by page: every shopper's (a logout removes them). */
  olderAll: ["older-orders"] as const,
  /** Keyed by the shopper and by where their newest orders end (`from`). */
  older: (userId: string | undefined, from: string | null | undefined) =>
    ["older-orders", userId, from] as const,
  /** The seller's history of a finished status, page by page: every status's. */
  historyAll: ["seller-history"] as const,
  history: (status: string) => ["seller-history", status] as const,
};

export const addressKeys = { all: ["addresses"] as const };

/** Who is signed in, and whether they sell (lib/session-api.ts). */
export const sessionKey = ["session"] as const;

export const sellerKeys = {
  /** The dashboard for every period. */
  dashboardAll: ["seller", "dashboard"] as const,
  dashboard: (days: number) => ["seller", "dashboard", days] as const,
  /** The shop's time zone (SHOP_TIME_ZONE), in which its days are counted. */
  timeZone: ["seller", "time-zone"] as const,
  /** Who takes online payments (PAYMENT_PROVIDER). */
  paymentProvider: ["seller", "payment-provider"] as const,
};

export const shopKeys = {
  /** Everything that depends on the shop's settings: a seller's save refreshes all of it. */
  all: ["shop"] as const,
  /** The shop itself (GET /api/shop). */
  profile: ["shop", "profile"] as const,
  /** Whether the shop delivers to a PIN code (GET /api/delivery/check). */
  deliveryCheck: (pin: string) => ["shop", "delivery-check", pin] as const,
  /** Every cart quote: refreshed when an order is refused for its total. */
  quotes: ["shop", "quote"] as const,
  /** A cart's quote, by its lines (sorted) and the chosen address. */
  quote: (lines: readonly (readonly [string, number])[], address: string | undefined) =>
    ["shop", "quote", lines, address ?? null] as const,
};
