import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import type { Order } from "../../../../contract/order";
import { productKeys, sellerKeys } from "../../../lib/query-keys";
import { useAtMostEvery } from "./use-at-most-every";

/** At most this often what shows stock is read again while orders move it. */
export const STOCK_REFRESH_MS = 5_000;

/**
 * What shows the stock of many products, read again whichever products an order named: the
 * product list and its counts page after page, and the dashboard (its low-stock list; its "today"
 * numbers count the order too).
 */
const manyProductsKeys = [
  productKeys.sellerPagesAll,
  productKeys.sellerCountsAll,
  sellerKeys.dashboardAll,
];

/**
 * What shows one product's stock, read again only when an order named that product: the edit
 * page's product (its stock box, and the "Set stock to" field while the seller has typed no count
 * of their own) and its stock history.
 */
const oneProductKeys = (id: string) => [productKeys.sellerOne(id), productKeys.stockHistory(id)];

/**
 * Whether a live order event moved stock: a new order took its units (held for an online payment
 * or taken for cash on delivery), a cancelled one gave them back. Moves through fulfilment and a
 * payment confirmed leave stock as it was.
 */
export function orderMovedStock(order: Order, previous: Order | undefined): boolean {
  if (order.status === "Cancelled") return previous?.status !== "Cancelled";
  return previous === undefined && order.history.length === 1;
}

/**
 * An `onOrder` for the seller's live stream (useOrderEvents): orders that move stock have what
 * shows stock read again ("Sold out (3)", the stock column, the dashboard's low stock, and the
 * edit page of a product they named), at once for the first and then at most once per
 * STOCK_REFRESH_MS, the last of a burst always read: one timer for all of it, what the orders
 * named while it runs gathered for its read. Only queries on screen are read; the others are
 * marked stale, and read when the seller opens them. A query being read at that moment (the
 * seller's "Load more", a list's first page) is left to finish, and waits for the next read:
 * reading it again would cancel that read.
 */
export function useProductsFollowOrders(): (order: Order, previous: Order | undefined) => void {
  const queryClient = useQueryClient();
  const schedule = useAtMostEvery(STOCK_REFRESH_MS);
  // What the orders since the last read asked to read again, by key.
  const pending = useRef(new Map<string, QueryKey>());
  const read = useCallback(
    function read() {
      for (const [id, queryKey] of pending.current) {
        if (queryClient.isFetching({ queryKey }) > 0) continue;
        pending.current.delete(id);
        void queryClient.invalidateQueries({ queryKey });
      }
      if (pending.current.size > 0) schedule(read);
    },
    [queryClient, schedule],
  );
  return useCallback(
    (order, previous) => {
      if (!orderMovedStock(order, previous)) return;
      const named = order.items.flatMap((item) => oneProductKeys(item.product._id));
      for (const queryKey of [...manyProductsKeys, ...named])
        pending.current.set(JSON.stringify(queryKey), queryKey);
      schedule(read);
    },
    [schedule, read],
  );
}
