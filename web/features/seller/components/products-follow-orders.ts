import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { Order } from "../../../../contract/order";

/** At most this often the seller's product list and its counts are read again while orders move stock. */
export const STOCK_REFRESH_MS = 5_000;

/** The seller's product lists and counts: what shows stock levels page after page. */
const stockShowingKeys = [
  ["products", "seller", "pages"],
  ["products", "seller", "counts"],
] as const;

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
 * An `onOrder` for the seller's live stream (useOrderEvents): orders that move stock have the
 * product list and its counts read again ("Sold out (3)" and the stock column follow a rush), at
 * once for the first and then at most once per STOCK_REFRESH_MS, the last of a burst always read.
 * Lists not on screen are only marked stale, and read when the seller opens them.
 */
export function useProductsFollowOrders(): (order: Order, previous: Order | undefined) => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRead = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (order, previous) => {
      if (!orderMovedStock(order, previous) || timer.current !== undefined) return;
      const read = () => {
        timer.current = undefined;
        lastRead.current = Date.now();
        for (const queryKey of stockShowingKeys)
          void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      };
      const wait = lastRead.current + STOCK_REFRESH_MS - Date.now();
      if (wait <= 0) read();
      else timer.current = setTimeout(read, wait);
    },
    [queryClient],
  );
}
