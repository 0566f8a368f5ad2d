import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { installFakeTime, timePasses } from "../../../test/fake-time";
import { productKeys, sellerKeys } from "../../../lib/query-keys";
import { mockApi, renderApp } from "../../../test/render";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder, makeProduct } from "../../../test/order-fixture";
import { SellerArea } from "../seller-area";
import { useProductsFollowOrders } from "./products-follow-orders";

const EVENTS = "/api/order/seller/events";
const STOCK_HISTORY = "/api/product/p1/stock-history?limit=20";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the edit page following live orders", () => {
  it("says the product is gone when a live order has it read again after it was deleted", async () => {
    installFakeTime();
    const Source = FakeEventSource.install();
    let deleted = false;
    mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      if ((url === "/api/product/p1" || url === STOCK_HISTORY) && deleted)
        return {
          status: 404,
          body: { success: false, code: "not_found", message: "Product not found" },
        };
      if (url === "/api/product/p1")
        return { body: { success: true, product: makeProduct("p1", { name: "Basmati Rice" }) } };
      if (url === STOCK_HISTORY) return { body: { success: true, entries: [], nextCursor: null } };
      return undefined;
    });
    renderApp(<SellerArea />, { path: "/seller/product-list/p1", pattern: "/seller/*" });
    expect(await screen.findByLabelText("Product Name")).toHaveValue("Basmati Rice");
    const stream = await Source.next(EVENTS);
    await stream.open();
    // Deleted (another tab, another seller), then an order of it is cancelled: the stream names it.
    deleted = true;
    await stream.push(makeOrder("22222222-bbbb", { status: "Cancelled" }));
    await timePasses(100);
    // Before: the form of a product that no longer exists stayed editable, its history said
    // "check your connection", and a toast said "Product not found".
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Product Name")).toBeNull();
    expect(screen.queryByText(/Check your connection/)).toBeNull();
    // No toast besides: the page says it.
    expect(screen.getAllByText("Product not found")).toHaveLength(1);
  });
});

describe("the 5 s wait between reads", () => {
  /** An order of one unit of `productId`. */
  const ofProduct = (id: string, productId: string) =>
    makeOrder(id, {
      items: [{ product: { ...makeOrder(id).items[0]!.product, _id: productId }, quantity: 1 }],
    });

  /**
   * The hook on a client holding the dashboard and product p1's edit page, as if just read (fresh
   * for 30 s); `readAgain()` puts them back so, as the reads an order asked for would; `stale()`
   * says which of the two are marked to be read again.
   */
  function follow() {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const client = createQueryClient(false);
    const readAgain = () => {
      client.setQueryData(sellerKeys.dashboard(7), { lowStock: [] });
      client.setQueryData(productKeys.sellerOne("p1"), { product: makeProduct("p1") });
    };
    readAgain();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useProductsFollowOrders(), { wrapper });
    const stale = () => ({
      dashboard: client
        .getQueryCache()
        .find({ queryKey: sellerKeys.dashboard(7) })!
        .isStale(),
      p1: client
        .getQueryCache()
        .find({ queryKey: productKeys.sellerOne("p1") })!
        .isStale(),
    });
    return { hook, readAgain, stale };
  }

  it("reads what the orders named while it waited, once it is over", async () => {
    const { hook, readAgain, stale } = follow();
    act(() => hook.result.current(makeOrder("11111111-aaaa", { items: [] }), undefined));
    readAgain();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => hook.result.current(makeOrder("22222222-bbbb"), undefined));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(stale()).toEqual({ dashboard: true, p1: true });
  });

  it("reads what the orders named while it waited when the stream's owner goes first (another page opened)", async () => {
    const { hook, readAgain, stale } = follow();
    // First order: read at once. Refresh the caches as the refetch would have.
    act(() => hook.result.current(ofProduct("11111111-aaaa", "p2"), undefined));
    readAgain();
    // A second order within 5 s, naming p1: gathered for the timer's read.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => hook.result.current(ofProduct("22222222-bbbb", "p1"), undefined));
    // The seller opens Orders (the layout's stream unmounts) before the 5 s are up.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // Before: dropped with the timer, neither was read nor marked stale, and back within 30 s both
    // showed the stock before order 2.
    expect(stale()).toEqual({ dashboard: true, p1: true });
  });
});

describe("a live order while the seller loads more of the stock history", () => {
  it("keeps the page the seller asked for, and reads the history again after it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const Source = FakeEventSource.install();
    const entry = (i: number) => ({
      at: "2026-11-22T10:00:00.000Z",
      change: -1,
      stockAfter: 100 - i,
      reason: "order" as const,
      actor: "shopper",
      orderId: `order-${i}`,
      note: `entry ${i}`,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      if (url === "/api/product/p1")
        return { body: { success: true, product: makeProduct("p1", { name: "Basmati Rice" }) } };
      if (url === STOCK_HISTORY)
        return {
          body: {
            success: true,
            entries: Array.from({ length: 20 }, (_, i) => entry(i)),
            nextCursor: "c20",
          },
        };
      if (url === `${STOCK_HISTORY}&cursor=c20`)
        return { body: { success: true, entries: [entry(20), entry(21)], nextCursor: null } };
      return undefined;
    });
    const answer = globalThis.fetch;
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      urls.push(url);
      if (url === `${STOCK_HISTORY}&cursor=c20`) await held;
      return answer(url, init);
    });
    renderApp(<SellerArea />, { path: "/seller/product-list/p1", pattern: "/seller/*" });
    const more = await screen.findByRole("button", { name: "Load more" });
    const stream = await waitFor(() => {
      const s = Source.current(EVENTS);
      expect(s).toBeDefined();
      return s!;
    });
    await stream.open();
    const ui = userEvent.setup();
    await ui.click(more);
    // A rush: an order for this product while the next page is on its way.
    await stream.push(makeOrder("22222222-bbbb"));
    release();
    await timePasses(100);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getAllByText(/order-21|21/).length).toBeGreaterThan(0);
    // Before: the order's read cancelled the page on its way and read the first page alone.
    const history = () => urls.filter((u) => u.includes("stock-history"));
    expect(history()).toEqual([STOCK_HISTORY, `${STOCK_HISTORY}&cursor=c20`]);
    // The history's read waits for the next turn (5 s on), and reads both pages.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() =>
      expect(history()).toEqual([
        STOCK_HISTORY,
        `${STOCK_HISTORY}&cursor=c20`,
        STOCK_HISTORY,
        `${STOCK_HISTORY}&cursor=c20`,
      ]),
    );
    expect(screen.getAllByText(/order-21|21/).length).toBeGreaterThan(0);
  });
});
