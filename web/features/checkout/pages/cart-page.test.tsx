import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { onlineManager } from "@tanstack/react-query";
import { Link } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCartCount } from "../../../lib/shown-cart";
import { installFakeTime, timePasses } from "../../../test/fake-time";
import { holdCalls } from "../../../test/hold-calls";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { keepCheckoutChoices, readCheckoutChoices } from "../checkout-choices";
import { retryUnanswered } from "../retry-keys";
import { CartPage } from "./cart-page";
import { quoteAnswer, shopAnswer, shopFixture } from "../../../test/shop-fixture";

const product = (id: string, name: string, offerPrice: number) => ({
  _id: id,
  name,
  category: "Vegetables",
  price: offerPrice + 5,
  offerPrice,
  image: [`/media/${id}-large.webp`],
  description: [],
  inStock: true,
  stock: 50,
  weight: "500g",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const address = (id: string, street: string) => ({
  _id: id,
  firstName: "A",
  lastName: "R",
  email: "a@example.com",
  street,
  city: "Pune",
  state: "MH",
  zipcode: "411001",
  country: "India",
  phone: "9876543210",
});
/** The summary's button (jsdom shows the phone bar's twin too), once the cart is priced. */
async function enabledButton(name: string) {
  const button = screen.getAllByRole("button", { name })[0]!;
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** The catalogue's offer prices, as the server prices a quote. */
const PRICES = { p1: 32.5, p2: 19.99 };
/** Open, delivering anywhere free: what a shop charges before its seller sets fees. */
const openShop = shopFixture({
  delivery: { ...shopFixture().delivery, pinCodes: [], deliveryFee: 0 },
});
const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };

/** The cart this browser keeps: 3 tomatoes and 12 onions (again for a page loaded again). */
const keepCart = () => localStorage.setItem("greencart.cart", JSON.stringify({ p1: 3, p2: 12 }));
beforeEach(keepCart);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The API of a signed-in shopper with these addresses; `more` answers first (other calls). */
function api(addresses: unknown[], more: Parameters<typeof mockApi>[0] = () => undefined) {
  return mockApi((url, init) => {
    const answer = more(url, init);
    if (answer) return answer;
    if (url === "/api/address/delete")
      return { body: { success: true, message: "Address Deleted" } };
    const list = productListAnswer(url, [
      product("p1", "Tomato", 32.5),
      product("p2", "Onion", 19.99),
    ]);
    if (list) return list;
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    const priced = shopAnswer(url, openShop) ?? quoteAnswer(url, init, PRICES);
    if (priced) return priced;
    if (url === "/api/address/get") return { body: { success: true, addresses } };
    if (url === "/api/cart/update") return { body: { success: true, message: "Cart Updated" } };
    if (url === "/api/order/cod")
      return {
        status: 201,
        body: { success: true, message: "Order Placed Successfully", orderId: "o1" },
      };
    return undefined;
  });
}

/**
 * The server of a shopper who left 2 online payments unfinished: it refuses another (409, with
 * `unpaidCheckouts`) until they are cancelled, and then cannot open it either (503: a test cannot
 * leave for the provider's page). The messages are what each answer says.
 */
function unfinishedPayments(words: {
  cancelled: string;
  refused: string;
  down: string;
}): Parameters<typeof api>[1] {
  let waiting = 2;
  return (url) => {
    if (url === "/api/order/unpaid/cancel") {
      const cancelled = waiting;
      waiting = 0;
      return { body: { success: true, cancelled, message: words.cancelled } };
    }
    if (url === "/api/order/stripe")
      return waiting > 0
        ? {
            status: 409,
            body: {
              success: false,
              code: "conflict",
              unpaidCheckouts: waiting,
              message: words.refused,
            },
          }
        : { status: 503, body: { success: false, code: "unavailable", message: words.down } };
    return undefined;
  };
}

/** The key an order call was sent with. */
const keyOf = (call: { init?: RequestInit }) =>
  new Headers(call.init?.headers).get("idempotency-key");

/** The products page, as far as these tests go: what the cart holds, and the way back to it. */
function ProductsPage() {
  return (
    <>
      <p>{useCartCount()} in the cart</p>
      <Link to="/cart">Open the cart</Link>
    </>
  );
}

describe("cart page", () => {
  it("keeps its frame while the products load: the heading stays, placeholders become lines", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const catalogue = [product("p1", "Tomato", 32.5), product("p2", "Onion", 19.99)];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const list = productListAnswer(url, catalogue);
        if (list) await gate;
        return new Response(JSON.stringify(list?.body ?? { success: false }), {
          status: list ? 200 : 401,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    renderApp(<CartPage />, { path: "/cart" });
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading).toHaveTextContent("Shopping Cart 15 Items");
    const loading = screen.getByRole("list", { name: "Loading cart" });
    expect(loading.children).toHaveLength(2);
    release();
    expect(await screen.findByText("Tomato")).toBeInTheDocument();
    // The same heading element: the page was filled in, not drawn again from another frame.
    expect(screen.getByRole("heading", { level: 1 })).toBe(heading);
    expect(screen.queryByRole("list", { name: "Loading cart" })).not.toBeInTheDocument();
  });

  it("shows lines, the dropdown range and the total rounded down", async () => {
    api([address("a1", "1 First St")]);
    renderApp(<CartPage />, { path: "/cart" });
    expect(await screen.findByText("Tomato")).toBeInTheDocument();
    const onion = screen.getByLabelText("Quantity of Onion");
    expect(within(onion).getAllByRole("option")).toHaveLength(12);
    expect(within(screen.getByLabelText("Quantity of Tomato")).getAllByRole("option")).toHaveLength(
      9,
    );
    // 3 × 32.50 + 12 × 19.99 = 337.38
    expect(screen.getAllByText("₹337.38").length).toBeGreaterThan(0);
    expect(await screen.findByText("Free")).toBeInTheDocument();
  });

  it("preselects the first saved address and lets the shopper change it", async () => {
    const calls = api([address("a1", "1 First St"), address("a2", "2 Second St")]);
    renderApp(<CartPage />, { path: "/cart", routes: { "/my-orders": <p>orders page</p> } });
    expect(await screen.findByText(/1 First St/)).toBeInTheDocument();
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "Change" }));
    await ui.click(
      within(screen.getByRole("list", { name: "Saved addresses" })).getByRole("button", {
        name: /^A R, 2 Second St/,
      }),
    );
    expect(screen.getByText(/2 Second St/)).toBeInTheDocument();
    // The summary's button (jsdom shows the phone bar's twin too; a browser shows one of them).
    await ui.click(await enabledButton("Place Order"));
    await waitFor(() => expect(screen.getByText("orders page")).toBeInTheDocument());
    const order = calls.find((c) => c.url === "/api/order/cod")!;
    expect(JSON.parse(order.init?.body as string)).toEqual({
      items: [
        { product: "p1", quantity: 3, shownOfferPrice: 32.5 },
        { product: "p2", quantity: 12, shownOfferPrice: 19.99 },
      ],
      address: "a2",
      shownTotal: 337.38,
    });
    expect(new Headers(order.init?.headers).get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("closes the address list, which lies over the payment method, when focus or a press leaves it", async () => {
    api([address("a1", "1 First St"), address("a2", "2 Second St")]);
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "Change" }));
    const list = screen.getByRole("list", { name: "Saved addresses" });
    // Tabbing through the list keeps it open; past its last link it closes.
    const inList =
      within(list).getAllByRole("button").length + within(list).getAllByRole("link").length;
    for (let i = 0; i < inList; i++) await ui.tab();
    expect(screen.getByRole("list", { name: "Saved addresses" })).toBeInTheDocument();
    await ui.tab();
    expect(screen.queryByRole("list", { name: "Saved addresses" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Payment Method")).toHaveFocus();

    await ui.click(screen.getByRole("button", { name: "Change" }));
    expect(screen.getByRole("list", { name: "Saved addresses" })).toBeInTheDocument();
    await ui.click(screen.getByText("Items"));
    expect(screen.queryByRole("list", { name: "Saved addresses" })).not.toBeInTheDocument();
  });

  it("keeps the chosen address and payment when the page is loaded again (a reload), and chooses an address just added", async () => {
    api([address("a1", "1 First St"), address("a2", "2 Second St"), address("a3", "3 Third St")]);
    const first = renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "Change" }));
    await ui.click(
      within(screen.getByRole("list", { name: "Saved addresses" })).getByRole("button", {
        name: /^A R, 2 Second St/,
      }),
    );
    await ui.selectOptions(screen.getByLabelText("Payment Method"), "Online");
    first.unmount();
    // The page loaded again finds the cart as the browser keeps it.
    keepCart();

    const again = renderApp(<CartPage />, { path: "/cart" });
    expect(await screen.findByText(/2 Second St/)).toBeInTheDocument();
    expect(screen.queryByText(/1 First St/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Payment Method")).toHaveValue("Online");
    again.unmount();

    // The add-address page, having saved "3 Third St", brings the shopper back with it chosen.
    keepCheckoutChoices({ ...readCheckoutChoices(), address: "a3" });
    keepCart();
    renderApp(<CartPage />, { path: "/cart" });
    expect(await screen.findByText(/3 Third St/)).toBeInTheDocument();
    expect(screen.getByLabelText("Payment Method")).toHaveValue("Online");
  });

  it("when a price changed since the cart was shown, says so and shows the cart at the new price", async () => {
    let tomato = product("p1", "Tomato", 32.5);
    const calls = mockApi((url, init) => {
      const list = productListAnswer(url, [tomato, product("p2", "Onion", 19.99)]);
      if (list) return list;
      const priced =
        shopAnswer(url, openShop) ?? quoteAnswer(url, init, { p1: tomato.offerPrice, p2: 19.99 });
      if (priced) return priced;
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/address/get")
        return { body: { success: true, addresses: [address("a1", "1 First St")] } };
      if (url === "/api/cart/update") return { body: { success: true, message: "Cart Updated" } };
      if (url === "/api/order/cod")
        return {
          status: 409,
          body: {
            success: false,
            code: "price_changed",
            productId: "p1",
            message:
              "The price of Tomato is now ₹40.00. Please check your cart and place the order again.",
          },
        };
      return undefined;
    });
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    expect(screen.getAllByText("₹337.38").length).toBeGreaterThan(0);
    tomato = product("p1", "Tomato", 40); // the seller's change, not yet on screen
    await userEvent.setup().click(await enabledButton("Place Order"));
    expect(
      await screen.findByText(
        "The price of Tomato is now ₹40.00. Please check your cart and place the order again.",
      ),
    ).toBeInTheDocument();
    // 3 × 40 + 12 × 19.99 = 359.88
    expect((await screen.findAllByText("₹359.88")).length).toBeGreaterThan(0);
    const order = calls.find((c) => c.url === "/api/order/cod")!;
    expect((JSON.parse(order.init?.body as string) as { items: unknown[] }).items[0]).toEqual({
      product: "p1",
      quantity: 3,
      shownOfferPrice: 32.5,
    });
    // Refused, not lost: an empty cart later says nothing of an order that may have been placed.
    expect(retryUnanswered("checkout", "u1")).toBe(false);
  });

  it("pays for the cart as it is once the unfinished payments are cancelled, not as it was when pressed", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = api(
      [address("a1", "1 First St")],
      unfinishedPayments({ cancelled: "Cancelled them.", refused: "Unfinished.", down: "Down." }),
    );
    const answer = globalThis.fetch;
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      if (url === "/api/order/unpaid/cancel") await held;
      return answer(url, init);
    });
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByLabelText("Payment Method"), "Online");
    await ui.click(await enabledButton("Proceed to Checkout"));
    const notice = await screen.findByRole("alert");
    await ui.click(
      within(notice).getByRole("button", { name: "Cancel them and pay for this cart" }),
    );
    // While the cancellation is on its way the shopper takes the onions out.
    await ui.click(screen.getByRole("button", { name: "Remove Onion from cart" }));
    await waitFor(() => expect(screen.queryByText("Onion")).not.toBeInTheDocument());
    release();
    await screen.findByText("Down.");
    const second = calls.filter((c) => c.url === "/api/order/stripe")[1]!;
    const items = (JSON.parse(second.init!.body as string) as { items: { product: string }[] })
      .items;
    // Before: the onions were paid for too.
    expect(items.map((i) => i.product)).toEqual(["p1"]);
  });

  it("offers to give up unfinished online payments when the server refuses another, then pays for this cart", async () => {
    const calls = api(
      [address("a1", "1 First St")],
      unfinishedPayments({
        cancelled: "Your 2 unfinished online payments were cancelled.",
        refused:
          "You have 2 online payments you did not finish. Cancel them to pay for this cart, or choose Cash On Delivery.",
        down: "Online payment is down.",
      }),
    );
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByLabelText("Payment Method"), "Online");
    await ui.click(await enabledButton("Proceed to Checkout"));
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("You left online payments unfinished");
    // Brought to the shopper, whose button may be in the phone's bottom bar.
    await waitFor(() =>
      expect(
        within(notice).getByRole("button", { name: "Cancel them and pay for this cart" }),
      ).toHaveFocus(),
    );
    await ui.click(
      within(notice).getByRole("button", { name: "Cancel them and pay for this cart" }),
    );
    expect(
      await screen.findByText("Your 2 unfinished online payments were cancelled."),
    ).toBeInTheDocument();
    await screen.findByText("Online payment is down.");
    const sent = calls.filter((c) => c.url.startsWith("/api/order/"));
    expect(sent.map((c) => c.url)).toEqual([
      "/api/order/stripe",
      "/api/order/unpaid/cancel",
      "/api/order/stripe",
    ]);
    // The same attempt: the same key, so a lost answer can never make two orders.
    const key = (i: number) =>
      (sent[i]!.init?.headers as Record<string, string>)["idempotency-key"];
    expect(key(2)).toBe(key(0));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when the cart holds more than the stock left, and orders nothing until it is lowered", async () => {
    const calls = mockApi((url, init) => {
      const list = productListAnswer(url, [
        { ...product("p1", "Tomato", 32.5), stock: 2 },
        product("p2", "Onion", 19.99),
      ]);
      if (list) return list;
      const priced = shopAnswer(url, openShop) ?? quoteAnswer(url, init, PRICES);
      if (priced) return priced;
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/address/get")
        return { body: { success: true, addresses: [address("a1", "1 First St")] } };
      if (url === "/api/cart/update") return { body: { success: true, message: "Cart Updated" } };
      return undefined;
    });
    renderApp(<CartPage />, { path: "/cart" });
    expect(
      await screen.findByText("Only 2 left: lower the quantity to order."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add one more Tomato" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add one more Onion" })).toBeEnabled();
    await screen.findByText(/1 First St/);
    await userEvent.setup().click(await enabledButton("Place Order"));
    expect(
      await screen.findByText("Only 2 of Tomato left. Lower the quantity to place your order."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/order/cod")).toBe(false);
  });

  it("says 'Please select an address' when there is none, and places nothing", async () => {
    const calls = api([]);
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText("Tomato");
    await waitFor(() => expect(calls.some((c) => c.url === "/api/address/get")).toBe(true));
    await userEvent.setup().click(await enabledButton("Place Order"));
    expect(await screen.findByText("Please select an address")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/order/cod")).toBe(false);
    // With nothing to choose from, the way to add one is right there.
    expect(screen.getByText("No address found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add address" })).toHaveAttribute(
      "href",
      "/add-address",
    );
    expect(screen.queryByRole("button", { name: "Change" })).not.toBeInTheDocument();
  });

  it("sends the same order key after a lost answer though the shopper left the cart and came back: one order", async () => {
    let lost = true;
    const calls = api([address("a1", "1 First St")], (url) => {
      // The first order is placed, but its answer never arrives.
      if (url === "/api/order/cod" && lost) {
        lost = false;
        throw new TypeError("Failed to fetch");
      }
      return undefined;
    });
    renderApp(<CartPage />, {
      path: "/cart",
      routes: { "/products": <ProductsPage />, "/my-orders": <p>orders page</p> },
    });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.click(await enabledButton("Place Order"));
    expect(
      await screen.findByText("Could not reach the store. Check your connection and try again."),
    ).toBeInTheDocument();
    await ui.click(screen.getByRole("link", { name: /Continue Shopping/ }));
    await ui.click(await screen.findByRole("link", { name: "Open the cart" }));
    await screen.findByText(/1 First St/);
    await ui.click(await enabledButton("Place Order"));
    await screen.findByText("orders page");
    const sent = calls.filter((c) => c.url === "/api/order/cod");
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[1]!)).toBe(keyOf(sent[0]!));
  });

  it("a new key for another address, and for the same checkout once it was placed", async () => {
    const calls = api([address("a1", "1 First St"), address("a2", "2 Second St")]);
    const ui = userEvent.setup();
    const placeWith = async (street: RegExp) => {
      const view = renderApp(<CartPage />, {
        path: "/cart",
        routes: { "/my-orders": <p>orders page</p> },
      });
      await screen.findByText(/1 First St/);
      if (!street.test("1 First St")) {
        await ui.click(screen.getByRole("button", { name: "Change" }));
        await ui.click(
          within(screen.getByRole("list", { name: "Saved addresses" })).getByRole("button", {
            name: street,
          }),
        );
      }
      await ui.click(await enabledButton("Place Order"));
      await screen.findByText("orders page");
      view.unmount();
      keepCart();
    };
    await placeWith(/^A R, 1 First St/);
    await placeWith(/^A R, 1 First St/);
    await placeWith(/^A R, 2 Second St/);
    const keys = calls.filter((c) => c.url === "/api/order/cod").map(keyOf);
    expect(new Set(keys).size).toBe(3);
  });

  it("an empty cart after a Place Order that never had an answer says the order may have been placed, and where to look", async () => {
    api([address("a1", "1 First St")], (url) => {
      if (url === "/api/order/cod") throw new TypeError("Failed to fetch");
      return undefined;
    });
    const before = renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.click(await enabledButton("Place Order"));
    await screen.findByText("Could not reach the store. Check your connection and try again.");
    before.unmount();
    // Loaded again: the server had placed it and emptied the cart.
    localStorage.setItem("greencart.cart", "{}");
    renderApp(<CartPage />, { path: "/cart", routes: { "/my-orders": <p>orders page</p> } });
    expect(await screen.findByRole("heading", { name: "Your cart is empty" })).toBeInTheDocument();
    expect(await screen.findByText(/^Your last order may have been placed/)).toHaveTextContent(
      "Your last order may have been placed before this page lost touch with the store. Check My Orders before ordering again.",
    );
    await ui.click(screen.getByRole("link", { name: "Check My Orders" }));
    expect(await screen.findByText("orders page")).toBeInTheDocument();
  });

  it("an order answered after the shopper left the cart still takes its lines out of the cart and says it was placed", async () => {
    api([address("a1", "1 First St")]);
    const order = holdCalls("/api/order/cod");
    renderApp(<CartPage />, { path: "/cart", routes: { "/products": <ProductsPage /> } });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    await ui.click(await enabledButton("Place Order"));
    await order.sent();
    await ui.click(screen.getByRole("link", { name: /Continue Shopping/ }));
    expect(await screen.findByText("15 in the cart")).toBeInTheDocument();
    await order.answer();
    expect(await screen.findByText("Order Placed Successfully")).toBeInTheDocument();
    expect(await screen.findByText("0 in the cart")).toBeInTheDocument();
  });

  it("offline, Place Order says at once that the store cannot be reached, and places nothing by itself once online", async () => {
    installFakeTime();
    const calls = api([address("a1", "1 First St")], (url) => {
      if (url === "/api/order/cod" && !onlineManager.isOnline())
        throw new TypeError("Failed to fetch");
      return undefined;
    });
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText(/1 First St/);
    const ui = userEvent.setup();
    act(() => onlineManager.setOnline(false));
    try {
      await ui.click(await enabledButton("Place Order"));
      expect(
        await screen.findByText("Could not reach the store. Check your connection and try again."),
      ).toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await timePasses(100);
    expect(calls.filter((c) => c.url === "/api/order/cod")).toHaveLength(1);
    expect(screen.queryByText("Order Placed Successfully")).not.toBeInTheDocument();
  });

  it("removes a line with its button", async () => {
    api([address("a1", "1 First St")]);
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText("Tomato");
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByLabelText("Quantity of Tomato"), "1");
    await ui.click(screen.getByRole("button", { name: "Remove one Tomato" }));
    await waitFor(() => expect(screen.queryByText("Tomato")).not.toBeInTheDocument());
  });

  it("removes the whole line with Remove, shows the savings and when the order would arrive", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 23, 19, 12));
    api([address("a1", "1 First St")]);
    renderApp(<CartPage />, { path: "/cart" });
    await screen.findByText("Tomato");
    // MRP is ₹5 above the offer on each unit: 15 units.
    expect(screen.getByText("₹75.00")).toBeInTheDocument();
    expect(screen.getByText(/arrives by/)).toHaveTextContent("arrives by 7:42 pm (30 min)");
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole("button", { name: "Remove Onion from cart" }));
    await waitFor(() => expect(screen.queryByText("Onion")).not.toBeInTheDocument());
    expect(screen.getByText("Tomato")).toBeInTheDocument();
    expect(screen.getByText("3 Items")).toBeInTheDocument();
    expect(await screen.findByText("Removed from Cart")).toBeInTheDocument();
    expect(screen.queryByText("Cart Updated")).not.toBeInTheDocument();
  });

  it("says that a cancelled payment charged nothing", async () => {
    api([address("a1", "1 First St")]);
    renderApp(<CartPage />, { path: "/cart?payment=cancelled" });
    expect(await screen.findByText(/Payment cancelled: nothing was charged/)).toBeInTheDocument();
    // The shopper chose to pay online: Place Order must not place a cash order now.
    expect(await screen.findByRole("combobox", { name: /payment/i })).toHaveValue("Online");
  });

  it("shows each saved address with name, pincode and phone, and deletes one", async () => {
    const calls = api([address("a1", "1 First St"), address("a2", "2 Second St")]);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp(<CartPage />, { path: "/cart" });
    expect(
      await screen.findByText("A R, 1 First St, Pune 411001 · 9876543210"),
    ).toBeInTheDocument();
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "Change" }));
    const list = screen.getByRole("list", { name: "Saved addresses" });
    expect(
      within(list).getByRole("link", { name: /Edit the address A R, 2 Second St/ }),
    ).toHaveAttribute("href", "/add-address?id=a2");
    await ui.click(
      within(list).getByRole("button", { name: /Delete the address A R, 2 Second St/ }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/address/delete")?.init?.body).toBe('{"id":"a2"}'),
    );
  });
});
