import { QueryClientProvider, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient } from "../lib/query-client";
import {
  addressKeys,
  orderKeys,
  productKeys,
  sellerKeys,
  sessionKey,
  shopKeys,
} from "../lib/query-keys";

/** One query of each kind the app keeps, named as a test reads it. */
export const SEEDED = {
  productList: productKeys.list("/api/product/list?inStock=true&limit=5"),
  productPages: productKeys.pages("/api/product/list?limit=24"),
  sellerProduct: productKeys.sellerOne("p1"),
  stockHistory: productKeys.stockHistory("p1"),
  myOrders: orderKeys.mine,
  orderDetail: orderKeys.detail("o1"),
  sellerQueue: orderKeys.sellerOpen,
  pickList: orderKeys.pickList,
  olderOrders: orderKeys.older("u1", "c1"),
  sellerHistory: orderKeys.history("Delivered"),
  addresses: addressKeys.all,
  session: sessionKey,
  dashboard: sellerKeys.dashboard(7),
  timeZone: sellerKeys.timeZone,
  shop: shopKeys.profile,
  deliveryCheck: shopKeys.deliveryCheck("411001"),
  quote: shopKeys.quote([["p1", 2]], undefined),
} satisfies Record<string, QueryKey>;

export type SeededQuery = keyof typeof SEEDED;

/**
 * The app's query client holding every SEEDED query as just read (none on screen, so an
 * invalidation marks it and reads nothing), and a wrapper that provides it to hooks.
 */
export function seededClient() {
  const client = createQueryClient(false);
  for (const key of Object.values(SEEDED)) client.setQueryData(key, { seeded: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** Which SEEDED queries are marked to be read again, in SEEDED's order. */
export function invalidated(client: QueryClient): SeededQuery[] {
  return (Object.keys(SEEDED) as SeededQuery[]).filter(
    (name) => client.getQueryState(SEEDED[name])?.isInvalidated,
  );
}
