import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../../contract/order";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder, shopper } from "../../../test/order-fixture";
import { mockApi, renderApp } from "../../../test/render";
import { shopAnswer, shopFixture } from "../../../test/shop-fixture";
import { MyOrdersPage } from "./my-orders-page";
import { OrderPage } from "./order-page";

const id = "abcd1234-0000-4000-8000-000000000001";
/** ₹340 of items, ₹25 delivery and a ₹10 small cart fee: ₹375 charged. */
const withFees = (overrides: Partial<Order> = {}) =>
  makeOrder(id, {
    itemsTotal: 340,
    fees: { delivery: 25, smallCart: 10 },
    amount: 375,
    ...overrides,
  });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date("2026-11-22T10:12:00.000Z"));
  FakeEventSource.install();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve(order: Order) {
  return mockApi((url) => {
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === `/api/order/${id}`) return { body: { success: true, order } };
    if (url === "/api/order/user?limit=200") return { body: { success: true, orders: [order] } };
    return shopAnswer(url, shopFixture());
  });
}

const renderOrderPage = () =>
  renderApp(<OrderPage />, { path: `/my-orders/${id}`, pattern: "/my-orders/:id" });

describe("orders show items, fees and total apart (issue 43)", () => {
  it("the order page: each charge its own line, and the shop's phone and WhatsApp", async () => {
    serve(withFees());
    renderOrderPage();
    const items = await screen.findByRole("region", { name: "Items" });
    const charge = (name: string) => within(items).getByText(name, { selector: "dt" }).nextSibling;
    expect(charge("Items")).toHaveTextContent("₹340.00");
    expect(charge("Delivery fee")).toHaveTextContent("₹25.00");
    expect(charge("Small cart fee")).toHaveTextContent("₹10.00");
    expect(charge("Total")).toHaveTextContent("₹375.00");

    const call = await screen.findByRole("link", { name: /Call GreenCart Shivajinagar/ });
    expect(call).toHaveAttribute("href", "tel:+919822000123");
    expect(call).toHaveTextContent("+91 98220 00123");
    expect(screen.getByRole("link", { name: "WhatsApp the shop" })).toHaveAttribute(
      "href",
      "https://wa.me/919822000123",
    );
  });

  it("the cancellation notice says how to reach the shop", async () => {
    serve(
      withFees({ status: "Cancelled", cancelReason: { reason: "cannot_deliver", note: null } }),
    );
    renderOrderPage();
    const notice = await screen.findByTestId("cancel-reason");
    expect(await within(notice).findByRole("link", { name: "WhatsApp the shop" })).toHaveAttribute(
      "href",
      "https://wa.me/919822000123",
    );
    expect(within(notice).getByRole("link", { name: /Call/ })).toHaveAttribute(
      "href",
      "tel:+919822000123",
    );
    // Said once on the page, in the notice.
    expect(screen.getAllByRole("link", { name: "WhatsApp the shop" })).toHaveLength(1);
  });

  it("My Orders: items and fees beside the total, delivery said Free when it was", async () => {
    serve(withFees({ fees: { delivery: 0, smallCart: 0 }, amount: 340 }));
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    const card = await screen.findByRole("article", { name: "Order abcd1234" });
    expect(within(card).getByText("Items ₹340.00 · Delivery Free")).toBeInTheDocument();
    expect(within(card).getByText("Total: ₹340.00")).toBeInTheDocument();
  });
});
