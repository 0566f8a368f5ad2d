/**
 * Where orders read page by page are kept: the shopper's older orders (useOlderOrders) and the
 * seller's history of a finished status (useOrderHistory). Apart from `["orders"]`, so that
 * neither events nor polls read their pages again; an event replaces a copy they hold
 * (applyOrderEvent). Its own module: the entry's logout removes the shopper's without taking in
 * the order pages' code.
 */
export const OLDER_ORDERS_KEY = ["older-orders"] as const;
export const SELLER_HISTORY_KEY = ["seller-history"] as const;
