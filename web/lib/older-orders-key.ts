/**
 * Where the shopper's older orders, read page by page, are kept (useOlderOrders): apart from
 * `["orders"]`, so that neither events nor polls read their pages again (the newest orders hold a
 * changed order's copy). Its own module: the entry's logout removes them without taking in the
 * order pages' code.
 */
export const OLDER_ORDERS_KEY = ["older-orders"] as const;
