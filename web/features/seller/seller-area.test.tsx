import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type { StockEntry } from "../../../contract/product";
import { quietDashboard, shopSettings } from "../../test/dashboard-fixture";
import { installFakeTime, timePasses } from "../../test/fake-time";
import { mockApi, renderApp } from "../../test/render";
import { FakeEventSource } from "../../test/fake-event-source";
import { makeOrder, makeProduct } from "../../test/order-fixture";
import { SellerArea } from "./seller-area";

const EVENTS = "/api/order/seller/events";
const STOCK_HISTORY = "/api/product/p1/stock-history?limit=20";

/** The seller's answer to "Leave without saving your changes?", put back after each test. */
let leaveQuestion: MockInstance<(message?: string) => boolean> | undefined;
const answerLeave = (leave: boolean) =>
  (leaveQuestion = vi.spyOn(window, "confirm").mockReturnValue(leave));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  leaveQuestion?.mockRestore();
  leaveQuestion = undefined;
});

describe("seller area", () => {
  it("has a Dashboard item with icons in the sidebar and shows the dashboard at its route", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url.startsWith("/api/seller/dashboard")) return { body: quietDashboard() };
      return undefined;
    });
    renderApp(<SellerArea />, { path: "/seller/dashboard", pattern: "/seller/*" });

    const nav = await screen.findByRole("navigation", { name: "Seller" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Dashboard", "/seller/dashboard"],
      ["Add Product", "/seller"],
      ["Product List", "/seller/product-list"],
      ["Orders", "/seller/orders"],
      ["Pick List", "/seller/pick-list"],
      ["Shop settings", "/seller/shop"],
    ]);
    for (const link of links) {
      const icon = link.querySelector("svg");
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute("aria-hidden", "true");
    }
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/seller/dashboard?days=7");
  });

  it("announces a new order on the seller's other pages too, with one stream, not two on Orders", async () => {
    const Source = FakeEventSource.install();
    mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url.startsWith("/api/seller/dashboard")) return { body: quietDashboard() };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      return undefined;
    });
    renderApp(<SellerArea />, { path: "/seller/dashboard", pattern: "/seller/*" });
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    const stream = await Source.next(EVENTS);
    await stream.open();
    await stream.push(makeOrder("33333333-dddd", { amount: 210 }));
    expect(await screen.findByText("New order #33333333 · ₹210")).toBeInTheDocument();

    // The Orders page keeps its own stream: the layout's closes, one stays open.
    const nav = screen.getByRole("navigation", { name: "Seller" });
    await userEvent.click(within(nav).getByRole("link", { name: "Orders" }));
    expect(await screen.findByRole("heading", { name: "Orders List" })).toBeInTheDocument();
    await waitFor(() =>
      expect(FakeEventSource.instances.filter((s) => s.url === EVENTS && !s.closed)).toHaveLength(
        1,
      ),
    );
  });

  it("keeps the product list's stock current as orders take and return units, at most every 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const Source = FakeEventSource.install();
    let stock = 10;
    const calls = mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      if (url.startsWith("/api/seller/product-counts"))
        return {
          body: { success: true, counts: { all: 1, low: 0, out: stock === 0 ? 1 : 0, off: 0 } },
        };
      if (url.startsWith("/api/product/list"))
        return {
          body: {
            success: true,
            products: [makeProduct("p1", { name: "Basmati Rice", stock, inStock: stock > 0 })],
            nextCursor: null,
          },
        };
      return undefined;
    });
    const reads = () =>
      calls.filter(
        (c) =>
          c.url.startsWith("/api/product/list") || c.url.startsWith("/api/seller/product-counts"),
      ).length;
    try {
      renderApp(<SellerArea />, { path: "/seller/product-list", pattern: "/seller/*" });
      expect(await screen.findByRole("cell", { name: "10" })).toBeInTheDocument();
      const stream = await Source.next(EVENTS);
      await stream.open();
      await waitFor(() => expect(reads()).toBe(2));

      // An order moving on through fulfilment leaves stock as it was: nothing is read.
      await stream.push(
        makeOrder("11111111-aaaa", {
          status: "Packing",
          history: [
            { status: "Order Placed", at: "2026-11-22T10:00:00.000Z" },
            { status: "Packing", at: "2026-11-22T10:05:00.000Z" },
          ],
        }),
      );
      // A new order took the last units: the list and its counts are read again at once.
      stock = 0;
      await stream.push(makeOrder("22222222-bbbb"));
      expect(await screen.findByText("Sold out (1)")).toBeInTheDocument();
      expect(reads()).toBe(4);

      // A cancel gives units back within the next 5 s: read once when they are up, not at once.
      stock = 2;
      await stream.push(makeOrder("22222222-bbbb", { status: "Cancelled" }));
      await stream.push(makeOrder("33333333-cccc", { status: "Cancelled" }));
      expect(reads()).toBe(4);
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(await screen.findByText(/2 left/)).toBeInTheDocument();
      expect(reads()).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the edit page's stock and history current as orders for that product move it, never what the seller typed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const Source = FakeEventSource.install();
    let stock = 12;
    const ledger: StockEntry[] = [];
    const calls = mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      if (url === "/api/seller/shop") return { body: shopSettings() };
      if (url === "/api/product/p1")
        return {
          body: { success: true, product: makeProduct("p1", { name: "Basmati Rice", stock }) },
        };
      if (url === STOCK_HISTORY)
        return { body: { success: true, entries: [...ledger], nextCursor: null } };
      return undefined;
    });
    const reads = (url: string) => calls.filter((c) => c.url === url).length;
    const orderOf = (id: string, productId: string) =>
      makeOrder(id, {
        items: [{ product: { ...makeOrder(id).items[0]!.product, _id: productId }, quantity: 2 }],
      });
    const sold = (orderId: string) => {
      stock -= 2;
      ledger.unshift({
        at: "2026-11-22T10:00:00.000Z",
        change: -2,
        stockAfter: stock,
        reason: "order",
        actor: "shopper",
        orderId,
      });
    };
    try {
      renderApp(<SellerArea />, { path: "/seller/product-list/p1", pattern: "/seller/*" });
      const restock = await screen.findByRole("form", { name: "Restock" });
      expect(within(restock).getByText("12 units")).toBeInTheDocument();
      expect(await screen.findByText("No stock changes recorded yet.")).toBeInTheDocument();
      const stream = await Source.next(EVENTS);
      await stream.open();
      expect([reads("/api/product/p1"), reads(STOCK_HISTORY)]).toEqual([1, 1]);

      // An order for this product: its stock, the untouched count and the history read at once.
      sold("22222222-bbbb");
      await stream.push(orderOf("22222222-bbbb", "p1"));
      expect(await within(restock).findByText("10 units")).toBeInTheDocument();
      expect(screen.getByLabelText("Set stock to")).toHaveValue(10);
      expect(await screen.findByText(/Order #22222222/)).toBeInTheDocument();
      expect([reads("/api/product/p1"), reads(STOCK_HISTORY)]).toEqual([2, 2]);

      // The seller counts the shelf and renames it; another order comes within 5 s.
      const ui = userEvent.setup({ delay: null });
      await ui.clear(screen.getByLabelText("Set stock to"));
      await ui.type(screen.getByLabelText("Set stock to"), "7");
      await ui.type(screen.getByLabelText("Product Name"), " (5 kg)");
      sold("33333333-cccc");
      await stream.push(orderOf("33333333-cccc", "p1"));
      expect(reads("/api/product/p1")).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      // Read when the 5 s are up: the stock shown follows, what the seller typed stays.
      expect(await within(restock).findByText("8 units")).toBeInTheDocument();
      expect(await screen.findByText(/Order #33333333/)).toBeInTheDocument();
      expect(screen.getByLabelText("Set stock to")).toHaveValue(7);
      expect(screen.getByLabelText("Product Name")).toHaveValue("Basmati Rice (5 kg)");
      expect([reads("/api/product/p1"), reads(STOCK_HISTORY)]).toEqual([3, 3]);

      // An order of other products only leaves this one's page unread.
      await stream.push(orderOf("44444444-dddd", "p2"));
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect([reads("/api/product/p1"), reads(STOCK_HISTORY)]).toEqual([3, 3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the edit page and what the seller typed when reading it again after an order fails", async () => {
    installFakeTime();
    const Source = FakeEventSource.install();
    let serverDown = false;
    const calls = mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      if (url === "/api/product/p1" && serverDown)
        return { status: 503, body: { success: false, code: "unavailable", message: "Down" } };
      if (url === "/api/product/p1")
        return { body: { success: true, product: makeProduct("p1", { name: "Basmati Rice" }) } };
      if (url === STOCK_HISTORY) return { body: { success: true, entries: [], nextCursor: null } };
      return undefined;
    });
    renderApp(<SellerArea />, { path: "/seller/product-list/p1", pattern: "/seller/*" });
    const ui = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await ui.type(await screen.findByLabelText("Product Name"), " (5 kg)");
    const stream = await Source.next(EVENTS);
    await stream.open();
    serverDown = true;
    await stream.push(makeOrder("22222222-bbbb"));
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/product/p1")).toHaveLength(2));
    await timePasses(50);
    expect(screen.queryByText(/Could not load the product/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Product Name")).toHaveValue("Basmati Rice (5 kg)");
  });

  it("keeps the dashboard's low stock current as orders move stock, its list on screen meanwhile", async () => {
    const Source = FakeEventSource.install();
    let curd = 3;
    // Dashboard reads wait for `release` while `holding`: what shows while one is on its way.
    let holding = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const dashboard = () => ({
      ...quietDashboard(),
      lowStock: [makeProduct("l2", { name: "Curd 400g", stock: curd, lowStockThreshold: 5 })],
    });
    mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders: [] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      if (url === "/api/seller/dashboard?days=7") return { body: dashboard() };
      return undefined;
    });
    const answer = globalThis.fetch;
    let dashboardReads = 0;
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/seller/dashboard")) {
        dashboardReads++;
        if (holding) await held;
      }
      return answer(url, init);
    });
    renderApp(<SellerArea />, { path: "/seller/dashboard", pattern: "/seller/*" });
    const low = await screen.findByRole("region", { name: "Low stock" });
    expect(await within(low).findByText("Low stock · 3 left")).toBeInTheDocument();
    const stream = await Source.next(EVENTS);
    await stream.open();
    expect(dashboardReads).toBe(1);

    holding = true;
    curd = 1;
    await stream.push(makeOrder("22222222-bbbb"));
    await waitFor(() => expect(dashboardReads).toBe(2));
    // Read again in the background: no skeleton, the list as it was until the answer comes.
    expect(screen.queryByText("Loading the dashboard…")).not.toBeInTheDocument();
    expect(within(low).getByText("Low stock · 3 left")).toBeInTheDocument();
    release();
    expect(await within(low).findByText("Low stock · 1 left")).toBeInTheDocument();
  });

  it("shows the login form again when the seller's session ends (a call refused)", async () => {
    // The session ends just after the area's first check: the dashboard's call is refused.
    let checks = 0;
    mockApi((url) => {
      if (url === "/api/seller/is-auth" && checks++ === 0) return { body: { success: true } };
      return undefined; // 401
    });
    renderApp(<SellerArea />, { path: "/seller/dashboard", pattern: "/seller/*" });
    expect(await screen.findByRole("navigation", { name: "Seller" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Seller Login" })).toBeInTheDocument();
    expect(
      await screen.findByText("Your session has ended. Please log in again."),
    ).toBeInTheDocument();
  });

  it("takes a failed login's error away on the next try, and welcomes the seller once in", async () => {
    let seller = false;
    const tries: unknown[] = [];
    mockApi((url, init) => {
      if (url === "/api/seller/is-auth" && seller) return { body: { success: true } };
      if (url === "/api/seller/login") {
        const body = JSON.parse(init?.body as string) as { password: string };
        tries.push(body);
        if (body.password !== "right-password")
          return {
            status: 401,
            body: { success: false, code: "not_authorized", message: "Invalid credentials" },
          };
        seller = true;
        return { body: { success: true, message: "Logged In" } };
      }
      return undefined; // 401
    });
    renderApp(<SellerArea />, { path: "/seller", pattern: "/seller/*" });
    const ui = userEvent.setup();
    await screen.findByRole("heading", { name: "Seller Login" });
    await ui.type(screen.getByLabelText("Email"), "seller@shop.test");
    await ui.type(screen.getByLabelText("Password"), "wrong");
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid credentials")).toBeInTheDocument();
    // One toast however many times it fails.
    await ui.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(tries).toHaveLength(2));
    await screen.findByText("Invalid credentials");
    expect(screen.getAllByText("Invalid credentials")).toHaveLength(1);

    await ui.clear(screen.getByLabelText("Password"));
    await ui.type(screen.getByLabelText("Password"), "right-password");
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Welcome back, Admin!")).toBeInTheDocument();
    expect(screen.queryByText("Invalid credentials")).not.toBeInTheDocument();
    expect(await screen.findByRole("navigation", { name: "Seller" })).toBeInTheDocument();
    // The form and its focus are gone: the focus is on the page, not on the body.
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("asks before Logout signs the seller out of a page with unsaved changes", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url === "/api/product/p1")
        return { body: { success: true, product: makeProduct("p1", { name: "Fresh Tomatoes" }) } };
      if (url === "/api/seller/logout") return { body: { success: true, message: "Logged Out" } };
      return undefined;
    });
    const confirm = answerLeave(false);
    renderApp(<SellerArea />, {
      path: "/seller/product-list/p1",
      pattern: "/seller/*",
      routes: { "/": <p>home page</p> },
    });
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Product Name"), " (ripe)");

    // Staying: still signed in, the change still there.
    await ui.click(screen.getByRole("button", { name: "Logout" }));
    expect(confirm).toHaveBeenCalledWith("Leave without saving your changes?");
    expect(calls.some((c) => c.url === "/api/seller/logout")).toBe(false);
    expect(screen.getByLabelText("Product Name")).toHaveValue("Fresh Tomatoes (ripe)");

    // Leaving: asked once more, then signed out, not asked again on the way home.
    confirm.mockReturnValue(true);
    await ui.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logged Out")).toBeInTheDocument();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    const logouts = calls.filter((c) => c.url === "/api/seller/logout");
    expect(logouts).toHaveLength(1);
    // With POST: a GET logout sent by another site is refused, and the store's own is not one.
    expect(logouts[0]!.init?.method).toBe("POST");
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("signs out at once from a page with nothing unsaved", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/seller/is-auth") return { body: { success: true } };
      if (url.startsWith("/api/seller/dashboard")) return { body: quietDashboard() };
      if (url === "/api/seller/logout") return { body: { success: true, message: "Logged Out" } };
      return undefined;
    });
    const confirm = answerLeave(true);
    renderApp(<SellerArea />, {
      path: "/seller/dashboard",
      pattern: "/seller/*",
      routes: { "/": <p>home page</p> },
    });
    await screen.findByRole("heading", { name: "Dashboard" });
    await userEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logged Out")).toBeInTheDocument();
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/seller/logout")).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("follows a seller login and logout made in another tab", async () => {
    let seller = false;
    mockApi((url) => {
      if (url === "/api/seller/is-auth" && seller) return { body: { success: true } };
      return undefined; // 401
    });
    const otherTab = () =>
      act(() => {
        localStorage.setItem("greencart.seller", String(Math.random()));
        window.dispatchEvent(new StorageEvent("storage", { key: "greencart.seller" }));
      });
    renderApp(<SellerArea />, { path: "/seller", pattern: "/seller/*" });
    expect(await screen.findByRole("heading", { name: "Seller Login" })).toBeInTheDocument();
    seller = true; // logged in in the other tab
    otherTab();
    expect(await screen.findByRole("navigation", { name: "Seller" })).toBeInTheDocument();
    seller = false; // and out again
    otherTab();
    expect(await screen.findByRole("heading", { name: "Seller Login" })).toBeInTheDocument();
  });
});
