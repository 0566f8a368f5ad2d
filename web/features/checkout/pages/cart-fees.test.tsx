import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Shop } from "../../../../contract/shop";
import { installFakeTime } from "../../../test/fake-time";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { quoteAnswer, shopAnswer, shopFixture } from "../../../test/shop-fixture";
import { CartPage } from "./cart-page";

const product = (id: string, name: string, offerPrice: number) => ({
  _id: id,
  name,
  category: "Vegetables",
  price: offerPrice,
  offerPrice,
  image: [`/media/${id}-large.webp`],
  description: [],
  inStock: true,
  stock: 50,
  weight: "500g",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const address = {
  _id: "a1",
  firstName: "A",
  lastName: "R",
  email: "a@example.com",
  street: "1 First St",
  city: "Mumbai",
  state: "MH",
  zipcode: "400001",
  country: "India",
  phone: "9876543210",
};
const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };
const PRICES = { p1: 32.5, p2: 19.99 };

/** Fees: ₹25 delivery, free from ₹400, ₹10 small cart fee below ₹350; minimum as given. */
const feeShop = (over: Partial<Shop["delivery"]> = {}, shop: Partial<Shop> = {}) =>
  shopFixture({
    ...shop,
    delivery: {
      ...shopFixture().delivery,
      pinCodes: [],
      deliveryFee: 25,
      freeAbove: 400,
      smallCartFee: 10,
      smallCartBelow: 350,
      ...over,
    },
  });

beforeEach(() => {
  installFakeTime();
  // 3 tomatoes and 12 onions: 3 × 32.50 + 12 × 19.99 = ₹337.38 of items.
  localStorage.setItem("greencart.cart", JSON.stringify({ p1: 3, p2: 12 }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function api(shop: Shop, area?: { serviceable: boolean; reason: string | null }) {
  return mockApi((url, init) => {
    const list = productListAnswer(url, [
      product("p1", "Tomato", 32.5),
      product("p2", "Onion", 19.99),
    ]);
    if (list) return list;
    const priced = shopAnswer(url, shop) ?? quoteAnswer(url, init, PRICES, shop, area);
    if (priced) return priced;
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === "/api/address/get") return { body: { success: true, addresses: [address] } };
    if (url === "/api/cart/update") return { body: { success: true, message: "Cart Updated" } };
    if (url === "/api/order/cod")
      return { status: 201, body: { success: true, message: "Order Placed Successfully" } };
    return undefined;
  });
}

const summary = () => screen.getByRole("complementary", { name: "Order Summary" });
const placeOrder = () => within(summary()).getByRole("button", { name: "Place Order" });

describe("cart: every charge before ordering (issue 43)", () => {
  it("shows items, delivery fee, small cart fee and total as the quote prices them, and orders at that total", async () => {
    const calls = api(feeShop());
    renderApp(<CartPage />, { path: "/cart", routes: { "/my-orders": <p>orders page</p> } });
    const lines = await within(await screen.findByRole("complementary")).findByText(
      "Small cart fee",
    );
    const charges = lines.closest("dl")!;
    expect(within(charges).getByText("Items").nextSibling).toHaveTextContent("₹337.38");
    expect(within(charges).getByText("Delivery fee").nextSibling).toHaveTextContent("₹25.00");
    expect(within(charges).getByText("Small cart fee").nextSibling).toHaveTextContent("₹10.00");
    expect(within(charges).getByText("Total").nextSibling).toHaveTextContent("₹372.38");
    expect(screen.getByText("Add ₹62.62 more for free delivery")).toBeInTheDocument();

    await waitFor(() => expect(placeOrder()).toBeEnabled());
    await userEvent.setup().click(placeOrder());
    await screen.findByText("orders page");
    const order = calls.find((c) => c.url === "/api/order/cod")!;
    expect(JSON.parse(order.init!.body as string)).toMatchObject({ shownTotal: 372.38 });
    // Priced for the address the cart shows, never first for none.
    const quotes = calls.filter((c) => c.url === "/api/cart/quote");
    expect(
      quotes.map((c) => (JSON.parse(c.init!.body as string) as { address?: string }).address),
    ).toEqual(quotes.map(() => "a1"));
  });

  it("says delivery is free once the items reach 'free above', with no small cart fee", async () => {
    api(feeShop({ freeAbove: 300, smallCartBelow: 300 }));
    renderApp(<CartPage />, { path: "/cart" });
    const fee = await within(await screen.findByRole("complementary")).findByText("Delivery fee");
    await waitFor(() => expect(fee.nextSibling).toHaveTextContent("Free"));
    expect(screen.queryByText("Small cart fee")).not.toBeInTheDocument();
    expect(screen.queryByText(/more for free delivery/)).not.toBeInTheDocument();
  });

  it("keeps Place Order disabled below the minimum order, saying by how much", async () => {
    const calls = api(feeShop({ minimumOrder: 500 }));
    renderApp(<CartPage />, { path: "/cart" });
    const reason = "Add ₹162.62 more to reach the minimum order of ₹500.00.";
    // Priced for the chosen address once it is known (before, for none).
    await screen.findByText(/1 First St/);
    await waitFor(() => expect(placeOrder()).toHaveAccessibleDescription(reason));
    expect(placeOrder()).toBeDisabled();
    expect(calls.some((c) => c.url === "/api/order/cod")).toBe(false);
  });

  it("keeps Place Order disabled for an address outside the area, with the server's reason", async () => {
    api(feeShop({ pinCodes: ["411001"] }), {
      serviceable: false,
      reason: "Sorry, we don't deliver to 400001 yet.",
    });
    renderApp(<CartPage />, { path: "/cart" });
    await waitFor(() =>
      expect(placeOrder()).toHaveAccessibleDescription("Sorry, we don't deliver to 400001 yet."),
    );
    expect(placeOrder()).toBeDisabled();
  });

  it("while the shop is closed, says when it opens and promises no 30 minutes", async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 23, 10));
    api(feeShop({}, { openNow: false, opensAt: new Date(2026, 10, 24, 7, 0).toISOString() }));
    renderApp(<CartPage />, { path: "/cart" });
    expect(
      await screen.findByText(
        "We're closed now. Opens at Tue 7:00 AM; orders placed now are delivered from then.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/arrives by/)).not.toBeInTheDocument();
  });
});
