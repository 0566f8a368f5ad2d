import { act, screen, waitFor, within } from "@testing-library/react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { productListPath } from "../../../../contract/catalogue-urls";
import type { Order } from "../../../../contract/order";
import { orderKeys } from "../../../lib/query-keys";
import { useCart } from "../../../lib/shown-cart";
import { useStore } from "../../../lib/store";
import { mockApi, renderApp } from "../../../test/render";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder, makeProduct, shopper } from "../../../test/order-fixture";
import { MyOrdersPage } from "./my-orders-page";

afterEach(() => vi.unstubAllGlobals());

// The same order as every order test starts from (web/test/order-fixture.ts).
const order = makeOrder;

/** The page, and a way to reach its query client (to read its lists again as a poll does). */
function renderMyOrdersWithClient(): () => QueryClient {
  let client: QueryClient | undefined;
  function Client() {
    client = useQueryClient();
    return null;
  }
  renderApp(
    <>
      <MyOrdersPage />
      <Client />
    </>,
    { path: "/my-orders" },
  );
  return () => client!;
}

describe("my orders", () => {
  it("tells the shopper when money is owed back for a cancelled order", async () => {
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return {
          body: {
            success: true,
            orders: [
              order("11111111-aaaa", { status: "Cancelled", isPaid: false, refundDue: true }),
              order("22222222-bbbb", {}),
            ],
          },
        };
      return undefined;
    });
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    const refunded = await screen.findByRole("article", { name: "Order 11111111" });
    expect(within(refunded).getByText(/Refund due/)).toBeInTheDocument();
    expect(within(refunded).getByText(/the money will be returned to you/)).toBeInTheDocument();
    const paid = screen.getByRole("article", { name: "Order 22222222" });
    expect(within(paid).getByText(/Online · Paid/)).toBeInTheDocument();
    expect(within(paid).queryByText(/returned to you/)).not.toBeInTheDocument();
  });
});

function CartProbe() {
  const cart = useCart();
  return <p data-testid="cart">{JSON.stringify(cart)}</p>;
}

function LoginProbe() {
  const { showLogin } = useStore();
  return showLogin ? <p>login dialog open</p> : null;
}

const answer = (orders: Order[]) => (url: string) => {
  if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
  if (url === "/api/order/user?limit=200") return { body: { success: true, orders } };
  return undefined;
};

describe("my orders: live, links, order again", () => {
  it("links each order to its page and never shows a cancelled unpaid order as pending", async () => {
    mockApi(
      answer([
        order("33333333-cccc", { status: "Cancelled", paymentType: "COD", isPaid: false }),
        order("44444444-dddd", { paymentType: "COD", isPaid: false }),
      ]),
    );
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    const cancelled = await screen.findByRole("article", { name: "Order 33333333" });
    expect(within(cancelled).getByRole("link", { name: "Order: 33333333" })).toHaveAttribute(
      "href",
      "/my-orders/33333333-cccc",
    );
    expect(within(cancelled).getByText(/Cash on delivery · Not charged/)).toBeInTheDocument();
    expect(within(cancelled).queryByText(/Pending/)).not.toBeInTheDocument();
    const open = screen.getByRole("article", { name: "Order 44444444" });
    expect(within(open).getByText(/Cash on delivery · Pending/)).toBeInTheDocument();
    expect(within(open).queryByRole("button", { name: /Order again/ })).not.toBeInTheDocument();
  });

  it("shows status changes and new orders as they happen", async () => {
    const Source = FakeEventSource.install();
    mockApi(answer([order("55555555-eeee", {})]));
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    const card = await screen.findByRole("article", { name: "Order 55555555" });
    const stream = Source.current("/api/order/user/events")!;
    await stream.open();
    expect(screen.getByText("Live")).toBeInTheDocument();
    await stream.push(
      order("55555555-eeee", {
        status: "Packing",
        history: [
          { status: "Order Placed", at: "2026-11-22T10:00:00.000Z" },
          { status: "Packing", at: "2026-11-22T10:03:00.000Z" },
        ],
      }),
    );
    expect(within(card).getByTestId("order-status")).toHaveTextContent("Packing");
    await stream.push(order("66666666-ffff", { createdAt: "2026-11-22T11:00:00.000Z" }));
    const articles = screen.getAllByRole("article");
    expect(articles.map((a) => a.getAttribute("aria-label"))).toEqual([
      "Order 66666666",
      "Order 55555555",
    ]);
    // An online order still waiting for payment is listed nowhere.
    await stream.push(order("77777777-aaaa", { status: "Awaiting Payment", isPaid: false }));
    expect(screen.queryByRole("article", { name: "Order 77777777" })).not.toBeInTheDocument();
  });

  it("orders again: adds what is still sold and in stock, names the rest, opens the cart", async () => {
    const past = order("88888888-bbbb", {
      status: "Delivered",
      items: [
        {
          product: { ...order("x", {}).items[0]!.product, _id: "p1", name: "Basmati Rice" },
          quantity: 2,
        },
        {
          product: { ...order("x", {}).items[0]!.product, _id: "p2", name: "Toned Milk" },
          quantity: 1,
        },
        {
          product: { ...order("x", {}).items[0]!.product, _id: "p3", name: "Old Bread" },
          quantity: 1,
        },
        { product: { ...order("x", {}).items[0]!.product, _id: "p4", name: "Ghee" }, quantity: 5 },
      ],
    });
    const calls = mockApi((url) => {
      if (url === productListPath({ ids: ["p4", "p3", "p2", "p1"] }))
        return {
          body: {
            success: true,
            products: [
              makeProduct("p1", { name: "Basmati Rice" }),
              makeProduct("p2", { name: "Toned Milk", inStock: false, stock: 0 }),
              makeProduct("p4", { name: "Ghee", stock: 3 }),
            ],
          },
        };
      return answer([past])(url);
    });
    renderApp(<MyOrdersPage />, {
      path: "/my-orders",
      routes: { "/cart": <CartProbe /> },
    });
    const card = await screen.findByRole("article", { name: "Order 88888888" });
    await userEvent.click(within(card).getByRole("button", { name: /Order again/ }));
    expect(await screen.findByTestId("cart")).toHaveTextContent('{"p1":2,"p4":3}');
    expect(calls.some((c) => c.url === productListPath({ ids: ["p4", "p3", "p2", "p1"] }))).toBe(
      true,
    );
    expect(await screen.findByText("Not available now: Toned Milk, Old Bread")).toBeInTheDocument();
    expect(screen.getByText("Fewer in stock than you ordered: Ghee")).toBeInTheDocument();
    // One summary, not a "Cart Updated" per line.
    expect(screen.queryByText("Cart Updated")).not.toBeInTheDocument();
  });

  it("adds up two Order again presses made before the first answer", async () => {
    localStorage.clear(); // an empty cart (the test before leaves its own)
    const rice = (id: string, quantity: number) =>
      order(id, {
        status: "Delivered",
        items: [{ product: { ...order(id).items[0]!.product, _id: "p1" }, quantity }],
      });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return {
          body: { success: true, orders: [rice("88888888-aaaa", 2), rice("99999999-bbbb", 1)] },
        };
      if (url === productListPath({ ids: ["p1"] }))
        return { body: { success: true, products: [makeProduct("p1", { stock: 50 })] } };
      if (url === "/api/cart/update") return { body: { success: true, message: "ok" } };
      return undefined;
    });
    const answer = globalThis.fetch;
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      if (url === productListPath({ ids: ["p1"] })) await held;
      return answer(url, init);
    });
    renderApp(
      <>
        <MyOrdersPage />
        <CartProbe />
      </>,
      { path: "/my-orders", routes: { "/cart": <CartProbe /> } },
    );
    const again = (name: string) =>
      within(screen.getByRole("article", { name })).getByRole("button", { name: /Order again/ });
    await screen.findByRole("article", { name: "Order 88888888" });
    await userEvent.click(again("Order 88888888"));
    await userEvent.click(again("Order 99999999"));
    act(() => release());
    // 2 and 1 rice; before, each press counted from the cart as it was when pressed (empty).
    await waitFor(() => expect(screen.getAllByTestId("cart").at(-1)).toHaveTextContent('{"p1":3}'));
    expect(await screen.findAllByText("Added to your cart: Product p1")).not.toHaveLength(0);
  });

  it("asks a visitor to log in, with a button that opens the login dialog", async () => {
    mockApi(() => undefined);
    renderApp(
      <>
        <MyOrdersPage />
        <LoginProbe />
      </>,
      { path: "/my-orders" },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Log in" }));
    expect(screen.getByText("login dialog open")).toBeInTheDocument();
  });
});

describe("my orders: older than the newest 200", () => {
  it("reads older orders a page at a time on request, each once, to the first", async () => {
    const newest = Array.from({ length: 3 }, (_, i) => order(`${i}0000000-new`, {}));
    const pages: Record<string, { orders: Order[]; nextCursor: string | null }> = {
      c1: { orders: [order("a0000000-old", { status: "Delivered" })], nextCursor: "c2" },
      c2: {
        // The last order of the newest list again (a new order pushed it along): shown once.
        orders: [newest[2]!, order("b0000000-old", { status: "Delivered" })],
        nextCursor: null,
      },
    };
    const asked: string[] = [];
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders: newest, nextCursor: "c1" } };
      const older = /^\/api\/order\/user\?limit=50&cursor=(c\d)$/.exec(url);
      if (older) {
        asked.push(older[1]!);
        return { body: { success: true, ...pages[older[1]!]! } };
      }
      return undefined;
    });
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    await screen.findByRole("article", { name: "Order 00000000" });
    expect(asked).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    expect(await screen.findByRole("article", { name: "Order a0000000" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    // The button goes with the last page; the keyboard's place moves to the line saying so.
    expect(await screen.findByText("That is every order you have placed.")).toHaveFocus();
    expect(asked).toEqual(["c1", "c2"]);
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([
      "Order 00000000",
      "Order 10000000",
      "Order 20000000",
      "Order a0000000",
      "Order b0000000",
    ]);
    expect(screen.queryByRole("button", { name: "Show older orders" })).not.toBeInTheDocument();
  });

  it("cancels an order from the answer, without reading the lists again, and toasts it", async () => {
    const placed = order("c0000000-cod", { paymentType: "COD", isPaid: false });
    const calls = mockApi((url, init) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders: [placed], nextCursor: null } };
      if (url === "/api/order/cancel" && init?.method === "POST")
        return {
          body: {
            success: true,
            message: "Order Cancelled",
            order: {
              ...placed,
              status: "Cancelled",
              history: [...placed.history, { status: "Cancelled", at: placed.createdAt }],
            },
          },
        };
      return undefined;
    });
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    const card = await screen.findByRole("article", { name: "Order c0000000" });
    await userEvent.click(within(card).getByRole("button", { name: "Cancel order" }));
    // Asked again in the page's own dialog (no longer the browser's confirm).
    await userEvent.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, cancel it" }),
    );
    expect(await screen.findByText("Order Cancelled")).toBeInTheDocument();
    expect(within(card).getByTestId("order-status")).toHaveTextContent("Status: Cancelled");
    expect(within(card).queryByRole("button", { name: "Cancel order" })).toBeNull();
    expect(calls.filter((c) => c.url === "/api/order/user?limit=200")).toHaveLength(1);
  });

  it("does not read the older orders again when the newest are refreshed (a poll)", async () => {
    const newest = [order("11111111-new", {})];
    const calls = mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders: newest, nextCursor: "c1" } };
      if (url === "/api/order/user?limit=50&cursor=c1")
        return {
          body: {
            success: true,
            orders: [order("a0000000-old", { status: "Delivered" })],
            nextCursor: null,
          },
        };
      return undefined;
    });
    const client = renderMyOrdersWithClient();
    await screen.findByRole("article", { name: "Order 11111111" });
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    await screen.findByRole("article", { name: "Order a0000000" });
    const read = (url: string) => calls.filter((c) => c.url === url).length;
    await act(() => client().invalidateQueries({ queryKey: orderKeys.all }));
    await waitFor(() => expect(read("/api/order/user?limit=200")).toBe(2));
    expect(read("/api/order/user?limit=50&cursor=c1")).toBe(1);
    expect(screen.getByRole("article", { name: "Order a0000000" })).toBeInTheDocument();
  });

  it("keeps an older order's news once the newest are read again without it", async () => {
    const Source = FakeEventSource.install();
    const old = order("a0000000-old", { status: "Out for Delivery" });
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders: [order("11111111-new", {})], nextCursor: "c1" } };
      if (url === "/api/order/user?limit=50&cursor=c1")
        return { body: { success: true, orders: [old], nextCursor: null } };
      return undefined;
    });
    const client = renderMyOrdersWithClient();
    await screen.findByRole("article", { name: "Order 11111111" });
    await Source.current("/api/order/user/events")!.open();
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    await screen.findByRole("article", { name: "Order a0000000" });
    await Source.current("/api/order/user/events")!.push({
      ...old,
      status: "Delivered",
      history: [...old.history, { status: "Delivered", at: "2026-11-22T10:20:00.000Z" }],
    });
    // The newest orders read again (a poll): the server's newest do not hold it.
    await act(() => client().invalidateQueries({ queryKey: orderKeys.all }));
    // Back in its place among the older orders, with its news.
    await waitFor(() =>
      expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([
        "Order 11111111",
        "Order a0000000",
      ]),
    );
    expect(
      within(screen.getByRole("article", { name: "Order a0000000" })).getByTestId("order-status"),
    ).toHaveTextContent("Status: Delivered");
  });

  it("offers no older orders when the newest are all there are", async () => {
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders: [order("11111111-only", {})], nextCursor: null } };
      return undefined;
    });
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    await screen.findByRole("article", { name: "Order 11111111" });
    expect(screen.queryByRole("button", { name: "Show older orders" })).not.toBeInTheDocument();
  });

  it("starts the older orders again where the newest now end, once a new order moved them", async () => {
    let newest = [order("11111111-n1", {}), order("22222222-n2", {})];
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders: newest, nextCursor: `after-${newest[1]!._id}` } };
      if (url === "/api/order/user?limit=50&cursor=after-22222222-n2")
        return { body: { success: true, orders: [order("33333333-o3", {})], nextCursor: null } };
      if (url === "/api/order/user?limit=50&cursor=after-11111111-n1")
        return {
          body: {
            success: true,
            orders: [order("22222222-n2", {}), order("33333333-o3", {})],
            nextCursor: null,
          },
        };
      return undefined;
    });
    const client = renderMyOrdersWithClient();
    await screen.findByRole("article", { name: "Order 11111111" });
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    await screen.findByRole("article", { name: "Order 33333333" });
    // A new order: the newest list now ends one order earlier.
    newest = [order("00000000-new", {}), order("11111111-n1", {})];
    await act(() => client().invalidateQueries({ queryKey: orderKeys.all }));
    await screen.findByRole("article", { name: "Order 00000000" });
    await waitFor(() =>
      expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([
        "Order 00000000",
        "Order 11111111",
        "Order 22222222",
        "Order 33333333",
      ]),
    );
  });

  it("never shows one shopper's older orders to the next who signs in on the browser", async () => {
    const bob = { ...shopper, _id: "u2", name: "Bob", email: "bob@example.com" };
    let signedIn: typeof shopper | null = shopper;
    let store: ReturnType<typeof useStore> | undefined;
    function Store() {
      store = useStore();
      return null;
    }
    mockApi((url) => {
      if (url === "/api/user/logout") return { body: { success: true, message: "Logged Out" } };
      if (url === "/api/user/is-auth")
        return signedIn
          ? { body: { success: true, user: signedIn } }
          : { status: 401, body: { success: false, message: "Not Authorized" } };
      if (url === "/api/order/user?limit=200")
        return signedIn === shopper
          ? { body: { success: true, orders: [order("aaaaaaaa-asha", {})], nextCursor: "asha" } }
          : { body: { success: true, orders: [order("bbbbbbbb-bob", {})], nextCursor: null } };
      if (url === "/api/order/user?limit=50&cursor=asha")
        return {
          body: { success: true, orders: [order("a1111111-asha-old", {})], nextCursor: null },
        };
      return undefined;
    });
    renderApp(
      <>
        <MyOrdersPage />
        <Store />
      </>,
      { path: "/my-orders" },
    );
    await screen.findByRole("article", { name: "Order aaaaaaaa" });
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    await screen.findByRole("article", { name: "Order a1111111" });
    signedIn = null;
    await act(() => store!.logout());
    signedIn = bob;
    act(() => store!.signedIn(bob));
    await screen.findByRole("article", { name: "Order bbbbbbbb" });
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual([
      "Order bbbbbbbb",
    ]);
    expect(screen.queryByRole("button", { name: "Show older orders" })).not.toBeInTheDocument();
  });
});
