import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../../contract/order";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder, shopper } from "../../../test/order-fixture";
import { mockApi, renderApp } from "../../../test/render";
import { MyOrdersPage } from "./my-orders-page";
import { OrderPage } from "./order-page";

// The shopper reads why an order was cancelled, live, and cancels from the order page in a dialog
// (turn 3, 2/10).

const EVENTS = "/api/order/user/events";
const id = "abcd1234-0000-4000-8000-000000000001";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date("2026-11-22T10:12:00.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const placed = makeOrder(id, { paymentType: "COD", isPaid: false });
const cancelled = (order: Order, why: Order["cancelReason"], more: Partial<Order> = {}): Order => ({
  ...order,
  status: "Cancelled",
  cancelReason: why,
  history: [...order.history, { status: "Cancelled", at: "2026-11-22T10:11:00.000Z" }],
  ...more,
});

/** The order page's calls: the order as `current` says, and the shopper's cancel. */
function serve(current: () => Order, cancelAnswer?: (order: Order) => Order) {
  return mockApi((url, init) => {
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === `/api/order/${id}`) return { body: { success: true, order: current() } };
    if (url === "/api/order/cancel" && init?.method === "POST" && cancelAnswer) {
      const order = cancelAnswer(current());
      return {
        body: {
          success: true,
          message: order.refundDue
            ? "Order Cancelled. The money you paid will be returned to you."
            : "Order Cancelled",
          order,
        },
      };
    }
    return undefined;
  });
}

const renderOrderPage = () =>
  renderApp(<OrderPage />, { path: `/my-orders/${id}`, pattern: "/my-orders/:id" });
const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe("a cancellation's reason", () => {
  it("reaches the open order page live, in a sentence, with the shop's note", async () => {
    const Source = FakeEventSource.install();
    const packing = makeOrder(id, { status: "Packing" });
    serve(() => packing);
    renderOrderPage();
    await screen.findByText(/Arriving by/);
    const stream = Source.current(EVENTS)!;
    await stream.open();
    expect(screen.queryByTestId("cancel-reason")).toBeNull();

    await stream.push(cancelled(packing, { reason: "out_of_stock", note: "Sorry, Asha!" }));
    const reason = await screen.findByTestId("cancel-reason");
    expect(reason).toHaveTextContent(
      "Cancelled by the shop: an item was out of stock.The shop's note: “Sorry, Asha!”",
    );
    expect(screen.getByTestId("order-status")).toHaveTextContent("Cancelled");
    // The toast says why, too (beside the page's own line).
    expect(screen.getAllByText("Cancelled by the shop: an item was out of stock.")).toHaveLength(2);
  });

  it("is said for every reason on My Orders; another reason is the shop's note itself", async () => {
    FakeEventSource.install();
    const orders = [
      cancelled(makeOrder("10000000-a"), { reason: "cannot_deliver", note: null }),
      cancelled(makeOrder("20000000-b"), { reason: "shopper_asked", note: null }),
      cancelled(makeOrder("30000000-c"), { reason: "other", note: "Our van broke down." }),
      cancelled(makeOrder("40000000-d"), null),
    ];
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user?limit=200")
        return { body: { success: true, orders, nextCursor: null } };
      return undefined;
    });
    renderApp(<MyOrdersPage />, { path: "/my-orders" });
    const reasonOf = async (number: string) =>
      within(await screen.findByRole("article", { name: `Order ${number}` })).queryByTestId(
        "cancel-reason",
      )?.textContent;
    expect(await reasonOf("10000000")).toBe("Cancelled by the shop: it could not be delivered.");
    expect(await reasonOf("20000000")).toBe("Cancelled at your request.");
    expect(await reasonOf("30000000")).toBe("Cancelled by the shop: “Our van broke down.”");
    expect(await reasonOf("40000000")).toBeUndefined();
  });
});

describe("the shopper's Cancel order on the order page", () => {
  it("asks in a dialog, keeps the order on No, and cancels on Yes, saying so", async () => {
    FakeEventSource.install();
    let current = placed;
    const calls = serve(
      () => current,
      (order) => (current = cancelled(order, { reason: "shopper_asked", note: null })),
    );
    renderOrderPage();
    const ui = setup();
    const button = await screen.findByRole("button", { name: "Cancel order" });
    await ui.click(button);
    const dialog = screen.getByRole("dialog", { name: "Cancel order abcd1234?" });
    expect(dialog).toHaveAccessibleDescription("The shop will not prepare or deliver it.");
    expect(within(dialog).getByRole("button", { name: "No, keep it" })).toHaveFocus();
    await ui.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
    expect(calls.some((c) => c.url === "/api/order/cancel")).toBe(false);

    await ui.click(button);
    await ui.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    expect(await screen.findByText("Order Cancelled")).toBeInTheDocument();
    expect(screen.getByTestId("order-status")).toHaveTextContent("Cancelled");
    expect(screen.getByTestId("cancel-reason")).toHaveTextContent("Cancelled at your request.");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
    expect(calls.filter((c) => c.url === "/api/order/cancel")).toHaveLength(1);
  });

  it("offers an order paid online its money back, and says it is owed", async () => {
    FakeEventSource.install();
    let current = makeOrder(id, { paymentType: "Online", isPaid: true });
    serve(
      () => current,
      (order) =>
        (current = cancelled(order, { reason: "shopper_asked", note: null }, { refundDue: true })),
    );
    renderOrderPage();
    const ui = setup();
    await ui.click(await screen.findByRole("button", { name: "Cancel order" }));
    expect(screen.getByRole("dialog")).toHaveAccessibleDescription(
      "The shop will not prepare or deliver it, and the money you paid will be returned to you.",
    );
    await ui.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    expect(
      await screen.findByText("Order Cancelled. The money you paid will be returned to you."),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "This order was cancelled after you paid for it: the money will be returned to you.",
      ),
    ).toBeInTheDocument();
  });

  it("is not offered once the shop has started on the order", async () => {
    FakeEventSource.install();
    serve(() => makeOrder(id, { status: "Packing" }));
    renderOrderPage();
    await screen.findByText(/Arriving by/);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument(),
    );
  });
});
