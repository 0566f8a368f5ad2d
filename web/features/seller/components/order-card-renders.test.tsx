import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Order } from "../../../../contract/order";
import { openStatuses } from "../../../../contract/order-status";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder } from "../../../test/order-fixture";
import { mockApi, renderApp } from "../../../test/render";
import type * as orderWords from "../../../ui/order-words";
import { paymentStatus } from "../../../ui/order-words";
import { minutesFromNow, moved, NOW, fakeQueueClock } from "../../../test/seller-queue-clock";
import { SellerOrdersPage } from "../pages/seller-orders-page";
import { SELLER_EVENTS_URL } from "./order-format";

// Every render of an order card asks once for its order's payment status: counting those calls,
// by order, counts each card's renders (without a counter in the card itself).
vi.mock("../../../ui/order-words", async (importOriginal) => {
  const actual = await importOriginal<typeof orderWords>();
  return { ...actual, paymentStatus: vi.fn(actual.paymentStatus) };
});

const EVENTS = SELLER_EVENTS_URL;
fakeQueueClock();

/** The cards drawn since the last call, by order number, with how many times each was drawn. */
function cardsDrawn(): Record<string, number> {
  const drawn: Record<string, number> = {};
  for (const [order] of vi.mocked(paymentStatus).mock.calls) {
    const id = (order as Order)._id.slice(0, 8);
    drawn[id] = (drawn[id] ?? 0) + 1;
  }
  vi.mocked(paymentStatus).mockClear();
  return drawn;
}

/** The queue (open orders, the soonest promise first) and the seller's moves. */
function serve(orders: Order[]) {
  return mockApi((url, init) => {
    if (url === "/api/order/seller?open=true")
      return {
        body: {
          success: true,
          orders: orders
            .filter((o) => openStatuses.includes(o.status))
            .sort((a, b) => Date.parse(a.deliverBy) - Date.parse(b.deliverBy)),
        },
      };
    if (url === "/api/order/seller?refundDue=true") return { body: { success: true, orders: [] } };
    if (url === "/api/order/status" && init?.method === "POST") {
      const { orderId, status } = JSON.parse(init.body as string) as Pick<Order, "status"> & {
        orderId: string;
      };
      const index = orders.findIndex((o) => o._id === orderId);
      orders[index] = moved(orders[index]!, status);
      const message = `Order #${orderId.slice(0, 8)} moved to ${status}`;
      return { body: { success: true, message, order: orders[index] } };
    }
    return undefined;
  });
}

describe("order cards on a long queue", () => {
  it("a move, a live event or the clock draws again only the cards whose order changed", async () => {
    const Source = FakeEventSource.install();
    const orders = Array.from({ length: 8 }, (_, i) =>
      makeOrder(`${String(i + 1).repeat(8)}-x`, { deliverBy: minutesFromNow(12 + i) }),
    );
    const calls = serve(orders);
    renderApp(<SellerOrdersPage />, { path: "/seller/orders" });
    const ui = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await screen.findByRole("article", { name: "Order 88888888" });
    const stream = Source.current(EVENTS)!;
    await stream.open();
    expect(screen.getByText("Live")).toBeInTheDocument();
    cardsDrawn();

    // Another device moves one order: its card alone is drawn again.
    orders[2] = moved(orders[2]!, "Packing");
    await stream.push(orders[2]);
    const third = screen.getByRole("article", { name: "Order 33333333" });
    expect(within(third).getByText("Packing")).toBeInTheDocument();
    expect(cardsDrawn()).toEqual({ "33333333": 1 });

    // A new order: its own card, not again the others.
    await stream.push(makeOrder("99999999-x", { deliverBy: minutesFromNow(40) }));
    expect(await screen.findByRole("article", { name: "Order 99999999" })).toBeInTheDocument();
    expect(cardsDrawn()).toEqual({ "99999999": 1 });

    // The seller's move: the card pressed (sent, then answered) and its event; no other card, and
    // the queue is not read again (the answer carries the order).
    const first = screen.getByRole("article", { name: "Order 11111111" });
    const reads = calls.filter((c) => c.url === "/api/order/seller?open=true").length;
    await ui.click(within(first).getByRole("button", { name: "Mark Packing" }));
    expect(await screen.findByText("Order #11111111 moved to Packing")).toBeInTheDocument();
    await stream.push(orders[0]!);
    await waitFor(() => expect(first).toHaveAttribute("aria-busy", "false"));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(Object.keys(cardsDrawn())).toEqual(["11111111"]);
    expect(calls.filter((c) => c.url === "/api/order/seller?open=true")).toHaveLength(reads);

    // An order delivered elsewhere leaves: the cards after it move up, undrawn.
    await stream.push({ ...moved(orders[4]!, "Delivered"), deliveredAt: NOW.toISOString() });
    expect(screen.queryByRole("article", { name: "Order 55555555" })).not.toBeInTheDocument();
    expect(cardsDrawn()).toEqual({});

    // The clock's tick redraws the minutes left, not the cards.
    const due = within(screen.getByRole("article", { name: "Order 22222222" })).getByTestId(
      "order-due",
    );
    expect(due).toHaveTextContent("13 min left");
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(due).toHaveTextContent("12 min left");
    expect(cardsDrawn()).toEqual({});
  });
});

describe("an order card's charges (issue 43)", () => {
  it("says the items, each fee and the total apart", async () => {
    FakeEventSource.install();
    serve([
      makeOrder("12121212-x", {
        itemsTotal: 340,
        fees: { delivery: 25, smallCart: 10 },
        amount: 375,
        deliverBy: minutesFromNow(20),
      }),
    ]);
    renderApp(<SellerOrdersPage />, { path: "/seller/orders" });
    const card = await screen.findByRole("article", { name: "Order 12121212" });
    const charge = (name: string) => within(card).getByText(name, { selector: "dt" }).nextSibling;
    expect(charge("Items")).toHaveTextContent("₹340.00");
    expect(charge("Delivery fee")).toHaveTextContent("₹25.00");
    expect(charge("Small cart fee")).toHaveTextContent("₹10.00");
    expect(charge("Total")).toHaveTextContent("₹375.00");
  });
});
