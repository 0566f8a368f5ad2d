import {
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import { useListComesBackWhole } from "../../lib/list-comes-back-whole";
import {
  PAGE_SIZE,
  productListPath,
  productListQuery,
  productPath,
  type StockLevel,
} from "../../../contract/catalogue-urls";
import {
  SELLER_LIST_LIMIT,
  type OpenCounts,
  type Order,
  type OrderListResponse,
  type PickList,
} from "../../../contract/order";
import { openStatuses, type OrderStatus } from "../../../contract/order-status";
import type {
  Product,
  ProductListResponse,
  ProductResponse,
  ProductUpdateInput,
  RestockInput,
  StockEntry,
} from "../../../contract/product";
import type { Dashboard, ProductCounts, ShopSettings } from "../../../contract/seller";
import { apiFetch } from "../../lib/api-client";
import { applyOrderEvent, holdsOrders, isListed, orderList } from "../../lib/order-cache";
import { LIST_KEPT_MS } from "../../lib/query-client";
import { orderKeys, productKeys, sellerKeys } from "../../lib/query-keys";
import { toast } from "../../ui/toast";
import { useAtMostEvery } from "./components/use-at-most-every";

const sellerLogin = (email: string, password: string) =>
  apiFetch<{ message: string }>("/api/seller/login", { json: { email, password } });
const sellerLogout = () => apiFetch<{ message: string }>("/api/seller/logout");

/** Quiet in the mutation cache: the login form keeps one error toast of its own. */
export const useSellerLogin = () =>
  useMutation({
    mutationFn: (v: { email: string; password: string }) => sellerLogin(v.email, v.password),
    meta: { silent: true },
  });
export const useSellerLogout = () => useMutation({ mutationFn: sellerLogout });

/** The seller product list's filters, as kept in the page's URL. */
export interface SellerProductFilters {
  q?: string;
  category?: string;
  stock?: StockLevel;
}

export const SELLER_PAGE_SIZE = PAGE_SIZE;

/** The seller product list, 24 at a time (keyset `cursor`), filtered on the server. */
export function useSellerProductPages(filters: SellerProductFilters) {
  const params = { ...filters, limit: SELLER_PAGE_SIZE };
  const firstPage = productListPath(params);
  const pages = useInfiniteQuery({
    queryKey: productKeys.sellerPages(firstPage),
    queryFn: ({ pageParam }) =>
      apiFetch<ProductListResponse>(productListPath({ ...params, cursor: pageParam || undefined })),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While new filters load, the previous list stays (no jump to a skeleton at every key press).
    placeholderData: keepPreviousData,
    // Back from an edit page left open a while finds every page read.
    gcTime: LIST_KEPT_MS,
  });
  // Back after that, or a reload: the list is read again as deep as the seller had it.
  useListComesBackWhole(firstPage, pages);
  return pages;
}

/** `GET /api/seller/product-counts` for the list's search and category, written as the list's. */
function productCountsPath({ q, category }: SellerProductFilters): string {
  const query = productListQuery({ q, category });
  return `/api/seller/product-counts${query ? `?${query}` : ""}`;
}

/**
 * How many products the list has for its search and category: in all and at each stock level
 * (what the list shows with that filter). Under ["products", "seller", ...], so it is read again
 * whenever the list is. Undefined while it loads or if it cannot be read: the page then shows
 * the list without its counts, and says nothing of the failure (the list says its own).
 */
export function useSellerProductCounts(filters: SellerProductFilters) {
  const path = productCountsPath(filters);
  return useQuery({
    queryKey: productKeys.sellerCounts(path),
    queryFn: () => apiFetch<{ counts: ProductCounts }>(path),
    select: (answer) => answer.counts,
    meta: { silent: true },
  }).data;
}

/** One product, with the stock the server knows now. */
export function useSellerProduct(id: string) {
  return useQuery({
    queryKey: productKeys.sellerOne(id),
    queryFn: () => apiFetch<ProductResponse>(productPath(id)),
    select: (b) => b.product,
    // A product that does not exist stays not found; the page says so itself.
    retry: false,
    meta: { silent: true },
  });
}

export const STOCK_HISTORY_PAGE = 20;

/** A product's stock ledger, newest first, 20 entries at a time. */
export function useStockHistory(id: string) {
  return useInfiniteQuery({
    queryKey: productKeys.stockHistory(id),
    queryFn: ({ pageParam }) =>
      apiFetch<{ entries: StockEntry[]; nextCursor: string | null }>(
        `/api/product/${encodeURIComponent(id)}/stock-history?limit=${STOCK_HISTORY_PAGE}${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""
        }`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The history says itself when it, or a page more, could not be read.
    meta: { silent: true },
  });
}

export type DashboardDays = 7 | 30;

export function useDashboard(days: DashboardDays) {
  return useQuery({
    queryKey: sellerKeys.dashboard(days),
    queryFn: () => apiFetch<Dashboard>(`/api/seller/dashboard?days=${days}`),
    // Switching 7 ↔ 30 days keeps the numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * The shop's time zone (SHOP_TIME_ZONE), in which its days are counted (the dashboard, the CSV
 * export): `GET /api/seller/shop`, a few bytes, read once a visit, or taken from a dashboard
 * already loaded (which names it too); undefined until then (or if it cannot be read: callers
 * fall back to the browser's).
 */
export function useShopTimeZone(): string | undefined {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sellerKeys.timeZone,
    queryFn: () => apiFetch<ShopSettings>("/api/seller/shop"),
    initialData: () =>
      queryClient
        .getQueriesData<Dashboard>({ queryKey: sellerKeys.dashboardAll })
        .find(([, dashboard]) => dashboard !== undefined)?.[1],
    select: (shop) => shop.timeZone,
    // It changes only with the server's configuration.
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  }).data;
}

const inQueue = (order: Order) => isListed(order) && openStatuses.includes(order.status);

/** How many of `orders` are in each open status. */
function countByOpenStatus(orders: readonly Order[]): OpenCounts {
  const counts: OpenCounts = { "Order Placed": 0, Packing: 0, "Out for Delivery": 0 };
  for (const order of orders)
    if (order.status in counts) counts[order.status as keyof OpenCounts]++;
  return counts;
}

/**
 * The queue as read: the server's answer, and what it listed when it counted (live events then
 * add and drop orders; the counts move with them, useOpenOrdersTotal and useOpenStatusCounts).
 */
interface OpenQueueRead {
  orders: Order[];
  openTotal?: number;
  openCounts?: OpenCounts;
  listedWhenCounted: number;
  listedByStatusWhenCounted: OpenCounts;
}

const openQueue = {
  queryKey: orderKeys.sellerOpen,
  // Counted as the server listed them: orders given to the cache since move the counts after.
  ...orderList(inQueue, async (): Promise<OpenQueueRead> => {
    const answer = await apiFetch<{
      orders: Order[];
      openTotal?: number;
      openCounts?: OpenCounts;
    }>("/api/order/seller?open=true");
    return {
      ...answer,
      listedWhenCounted: answer.orders.length,
      listedByStatusWhenCounted: countByOpenStatus(answer.orders),
    };
  }),
};

/** Whether the server left open orders out of the queue as last read (past OPEN_QUEUE_LIMIT). */
const isQueueCut = (queue: OpenQueueRead | undefined) =>
  queue?.openTotal !== undefined && queue.openTotal > queue.listedWhenCounted;

/** At most this often a cut queue is read again as orders leave it (useQueueRefill). */
export const QUEUE_REFILL_MS = 5_000;

/**
 * An `onOrder` for the seller's live stream where the queue is shown. Past `OPEN_QUEUE_LIMIT` the
 * server leaves out open orders (the stale ones first, then those promised last); events add the
 * orders placed since, but nothing else would bring in those left out as the ones listed go. So
 * while the queue is cut, an order leaving it (delivered or cancelled, here or on another device)
 * has it read again: at once, then at most once per QUEUE_REFILL_MS. (The seller's own move has
 * it read at once, useMoveOrder.)
 */
export function useQueueRefill(): (order: Order, previous: Order | undefined) => void {
  const queryClient = useQueryClient();
  const schedule = useAtMostEvery(QUEUE_REFILL_MS);
  return useCallback(
    (order, previous) => {
      const cut = isQueueCut(queryClient.getQueryData<OpenQueueRead>(openQueue.queryKey));
      if (!cut || !previous || !inQueue(previous) || inQueue(order)) return;
      schedule(
        () => void queryClient.invalidateQueries({ queryKey: openQueue.queryKey, exact: true }),
      );
    },
    [queryClient, schedule],
  );
}

/**
 * The live queue (`?open=true`): every open order, up to `OPEN_QUEUE_LIMIT`, however many orders
 * were placed and closed since the oldest: those still in play first, then those more than
 * `STALE_AFTER_MS` past their promise, which are the ones left out past the limit.
 */
export function useOpenOrders() {
  return useQuery({ ...openQueue, select: (b) => b.orders });
}

/**
 * How many orders are open in all, listed or not: the queue's last count, moved by the orders live
 * events have added to the queue or dropped from it since.
 */
export function useOpenOrdersTotal(): number | undefined {
  return useQuery({
    ...openQueue,
    select: (b) =>
      b.openTotal === undefined ? undefined : b.openTotal + b.orders.length - b.listedWhenCounted,
  }).data;
}

/**
 * How many orders are in each open status, listed or not: the queue's last count, moved by the
 * orders live events have added, moved or dropped since among those listed. For the status chips
 * once the queue is cut (below the cut, the lists count themselves).
 */
export function useOpenStatusCounts(): OpenCounts | undefined {
  return useQuery({
    ...openQueue,
    select: (b) => {
      if (!b.openCounts) return undefined;
      const now = countByOpenStatus(b.orders);
      const counts = { ...b.openCounts };
      for (const status of Object.keys(counts) as (keyof OpenCounts)[])
        counts[status] += now[status] - b.listedByStatusWhenCounted[status];
      return counts;
    },
  }).data;
}

/** Every paid order cancelled whose money is still to go back (`?refundDue=true`), oldest first. */
export function useRefundsOwed() {
  return useQuery({
    queryKey: orderKeys.refundDue,
    ...orderList(
      (order) => order.refundDue,
      () => apiFetch<{ orders: Order[] }>("/api/order/seller?refundDue=true"),
    ),
    select: (b) => b.orders,
  });
}

const recentOrders = (enabled: boolean) => ({
  queryKey: orderKeys.recent,
  ...orderList(isListed, () =>
    apiFetch<OrderListResponse>(`/api/order/seller?limit=${SELLER_LIST_LIMIT}`),
  ),
  enabled,
});

/** The newest `SELLER_LIST_LIMIT` orders of every status: the history behind the queue. */
export function useRecentOrders(enabled: boolean) {
  return useQuery({ ...recentOrders(enabled), select: (b) => b.orders });
}

/** Where the newest orders end: the cursor older orders are read from (null: there are none). */
export function useRecentOrdersEnd(enabled: boolean) {
  return useQuery({ ...recentOrders(enabled), select: (b) => b.nextCursor ?? null });
}

/** The two histories a seller can page back through: every order of that status, to the first. */
export type HistoryStatus = "Delivered" | "Cancelled";

/**
 * Every order of one finished status, newest first, `SELLER_LIST_LIMIT` at a time, back to the
 * first: read when the seller asks for more than the newest orders hold (its first page overlaps
 * them; the page shows each order once). Kept apart from the `["orders"]` lists: a poll or an
 * event refreshes those, not every page read so far (an event about an old order adds it to the
 * newest orders, whose copy then wins).
 */
export function useOrderHistory(status: HistoryStatus, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: orderKeys.history(status),
    queryFn: ({ pageParam }) =>
      apiFetch<OrderListResponse>(
        `/api/order/seller?status=${status}&limit=${SELLER_LIST_LIMIT}${pageParam ? `&cursor=${pageParam}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    staleTime: Infinity,
    // The page says itself when a page of it fails to load.
    meta: { quietRefresh: true },
  });
}

/**
 * Online checkouts still waiting for payment, holding stock until they are paid or lapse: not in
 * the queue (nothing to pack yet), shown on request so the seller sees what is held.
 */
export function useAwaitingPaymentOrders(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.awaitingPayment,
    ...orderList(
      (order) => order.status === "Awaiting Payment",
      () => apiFetch<{ orders: Order[] }>("/api/order/seller?status=Awaiting%20Payment"),
    ),
    select: (b) => b.orders,
    enabled,
    refetchInterval: enabled ? 30_000 : false,
  });
}

/** Every unit to pack across orders in Order Placed and Packing. */
export function usePickList() {
  return useQuery({
    queryKey: orderKeys.pickList,
    queryFn: () => apiFetch<PickList>("/api/order/seller/pick-list"),
    select: (body) => body.items,
    // The page says when a refresh failed (see query-client.ts).
    meta: { quietRefresh: true },
  });
}

/** `POST /api/order/refund`: `onRefunded` gets the order as it is now (Refunded). */
export function useRefundOrder(onRefunded: (order: Order) => void) {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<{ message: string; order: Order }>("/api/order/refund", { json: { orderId } }),
    // Here, not in mutate(): a card whose order leaves the list shown is gone by then.
    onSuccess: (answer) => {
      toast.success(answer.message);
      onRefunded(answer.order);
    },
  });
}

/**
 * What a change to products makes stale, whether it succeeded or not (an answer lost on the way
 * may be a change made all the same): every product query, the storefront's too, and the
 * dashboard (its low stock, its top products).
 */
const productChangeMeta = {
  invalidatesWhenSettled: [productKeys.all, sellerKeys.dashboardAll],
};

/**
 * A change to products (productChangeMeta). `onSuccess` belongs to the mutation itself, so it
 * runs even when the component that asked is gone by then (a row that left the list shown); a
 * callback given to `mutate()` would be dropped.
 */
function useProductChange<T, A>(fn: (arg: A) => Promise<T>, onSuccess?: (answer: T) => void) {
  return useMutation({ mutationFn: fn, onSuccess, meta: productChangeMeta });
}

type ProductChanged = { message: string; product: Product };

export const useAddProduct = () =>
  useProductChange((form: FormData) =>
    apiFetch<ProductChanged>("/api/product/add", { method: "POST", body: form }),
  );
/** Switches a product on or off sale; the answer is toasted even if its row left the list. */
export const useToggleStock = () =>
  useProductChange(
    (v: { id: string; inStock: boolean }) =>
      apiFetch<{ message: string }>("/api/product/stock", { json: v }),
    (answer) => toast.success(answer.message),
  );
export const useUpdateProduct = () =>
  useProductChange((v: Omit<ProductUpdateInput, "category"> & { category?: string }) =>
    apiFetch<{ message: string }>("/api/product/update", { json: v }),
  );
export const useDeleteProduct = () =>
  useProductChange((id: string) =>
    apiFetch<{ message: string }>("/api/product/delete", { json: { id } }),
  );
/** `quantity` a non-zero integer, negative to remove; 409 when stock would go below zero. */
export const useRestock = () =>
  useProductChange((v: RestockInput) =>
    apiFetch<ProductChanged>("/api/product/restock", { json: v }),
  );
/**
 * `POST /api/product/images`: keeps the listed pictures (in that order) and adds the new files
 * after them; 1–4 pictures in all, each JPEG, PNG, WebP or AVIF of at most 5 MB.
 */
export const useUpdatePhotos = () =>
  useProductChange(({ id, keep, files }: { id: string; keep: string[]; files: File[] }) => {
    const body = new FormData();
    body.append("id", id);
    body.append("keep", JSON.stringify(keep));
    files.forEach((file) => body.append("images", file));
    return apiFetch<ProductChanged>("/api/product/images", { method: "POST", body });
  });
/** Moves an order along; the server's answer ("Order #1a2b3c4d moved to Delivered") is toasted. */
/**
 * `POST /api/order/status`. Its answer carries the order as moved, which goes into every order
 * list the way a live event does (applyOrderEvent; the seller's stream brings the same copy a
 * moment later): a move in a rush does not read the queue of up to 500 orders and the history
 * lists again. Read again only what the answer cannot tell: order queries that are not lists of
 * orders (the pick list), the queue when a rush had cut it and the order left it (the next one
 * comes in, useQueueRefill's rule, at once for the seller's own move), and for a cancellation
 * what shows the stock it gave back. A refused move (another device moved the order first)
 * reads every order list again.
 */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; status: OrderStatus }) =>
      apiFetch<{ message: string; order: Order }>("/api/order/status", { json: v }),
    // Here, not in mutate(): a card whose order leaves the list shown is gone by then.
    onSuccess: async ({ message, order }) => {
      toast.success(message);
      const cut = isQueueCut(queryClient.getQueryData<OpenQueueRead>(openQueue.queryKey));
      const previous = applyOrderEvent(queryClient, order);
      // What to read again depends on the answer and on the queue before it: said here, with
      // the keys of query-keys.ts, rather than declared in `meta`.
      const keys: QueryKey[] = [sellerKeys.dashboardAll];
      if (cut && previous && inQueue(previous) && !inQueue(order)) keys.push(orderKeys.sellerOpen);
      if (order.status === "Cancelled") keys.push(productKeys.all);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: orderKeys.all,
          predicate: (query) => !holdsOrders(query.state.data),
        }),
        ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
    meta: { invalidatesOnError: [orderKeys.all, productKeys.all, sellerKeys.dashboardAll] },
  });
}
