import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OPEN_QUEUE_LIMIT, SELLER_LIST_LIMIT, type Order } from "../../../../contract/order";
import { openStatuses } from "../../../../contract/order-status";
import { mockApi, renderApp } from "../../../test/render";
// Test helpers shared with the shopper's order pages (test code only).
import { FakeEventSource } from "../../../test/fake-event-source";
import { shopSettings } from "../../../test/dashboard-fixture";
import { holdCalls } from "../../../test/hold-calls";
import { makeOrder } from "../../../test/order-fixture";
import { MAX_STREAM_ERRORS, STREAM_RETRY_MS } from "../../../lib/use-order-events";
import { minutesFromNow, moved, NOW, fakeQueueClock } from "../../../test/seller-queue-clock";
import { SELLER_EVENTS_URL } from "../components/order-format";
import { SellerOrdersPage } from "./seller-orders-page";

const EVENTS = SELLER_EVENTS_URL;
fakeQueueClock();
beforeEach(() => {
  document.title = "GreenCart: groceries in 30 minutes";
});

/** The server's queue: the open orders, the oldest promise first. */
const queueOf = (orders: Order[]) =>
  orders
    .filter((o) => openStatuses.includes(o.status))
    .sort((a, b) => Date.parse(a.deliverBy) - Date.parse(b.deliverBy));

/** The shop's time zone the dashboard's answer names (SHOP_TIME_ZONE). */
let shopTimeZone = "Asia/Kolkata";
/** How many orders the queue's answer says are open in all (its `openTotal`). */
let openTotal: number | undefined;
/** How many orders the queue's answer lists at most (the server's OPEN_QUEUE_LIMIT, made small). */
let queueLimit: number;
/** Whether the queue's answer counts each open status (its `openCounts`), as the server does. */
let countStatuses: boolean;
const openCountsOf = (orders: Order[]) =>
  Object.fromEntries(
    openStatuses.map((status) => [status, orders.filter((o) => o.status === status).length]),
  );
beforeEach(() => {
  shopTimeZone = "Asia/Kolkata";
  openTotal = undefined;
  queueLimit = Infinity;
  countStatuses = false;
});

/**
 * Answers the seller's lists: `recent` (newest of every status), the queue drawn from `open`;
 * and the dashboard, for the shop's time zone.
 */
function serve(
  orders: Order[],
  awaiting: Order[] = [],
  recent = orders,
  older: Partial<Record<"Delivered" | "Cancelled", Order[][]>> = {},
) {
  return mockApi((url, init) => {
    if (url === "/api/seller/shop") return { body: shopSettings(shopTimeZone) };
    if (url === "/api/order/seller?open=true")
      return {
        body: {
          success: true,
          orders: queueOf(orders).slice(0, queueLimit),
          openTotal,
          ...(countStatuses && { openCounts: openCountsOf(orders) }),
        },
      };
    if (url === "/api/order/seller?refundDue=true")
      return { body: { success: true, orders: orders.filter((o) => o.refundDue) } };
    if (url === `/api/order/seller?limit=${SELLER_LIST_LIMIT}`)
      return {
        body: {
          success: true,
          orders: recent,
          nextCursor: Object.keys(older).length > 0 ? "end" : null,
        },
      };
    // Every order of a status, a page at a time: the cursor names the page.
    const page =
      /^\/api\/order\/seller\?status=(Delivered|Cancelled)&limit=200(?:&cursor=page(\d))?$/.exec(
        url,
      );
    if (page) {
      const pages = older[page[1] as "Delivered" | "Cancelled"] ?? [[]];
      const index = Number(page[2] ?? 0);
      const next = index + 1 < pages.length ? `page${index + 1}` : null;
      return { body: { success: true, orders: pages[index], nextCursor: next } };
    }
    if (url === "/api/order/seller?status=Awaiting%20Payment")
      return { body: { success: true, orders: awaiting } };
    if (url === "/api/order/status" && init?.method === "POST") {
      const { orderId, status } = JSON.parse(init.body as string) as Pick<Order, "status"> & {
        orderId: string;
      };
      const index = orders.findIndex((o) => o._id === orderId);
      orders[index] = moved(orders[index]!, status);
      const named = `Order #${orderId.slice(0, 8)}`;
      const message = status === "Cancelled" ? `${named} cancelled` : `${named} moved to ${status}`;
      return { body: { success: true, message, order: orders[index] } };
    }
    if (url === "/api/order/refund" && init?.method === "POST") {
      const { orderId } = JSON.parse(init.body as string) as { orderId: string };
      const order = orders.find((o) => o._id === orderId)!;
      return {
        body: {
          success: true,
          message: "Refund sent",
          order: { ...order, refundDue: false, refundedAt: NOW.toISOString() },
        },
      };
    }
    return undefined;
  });
}

const render = (path = "/seller/orders") =>
  renderApp(<SellerOrdersPage />, { path, pattern: "/seller/orders" });

const labels = () => screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));
/** Waits for `count` cards: a long list draws its first cards, then the rest a moment later. */
const cardsShown = (count: number) =>
  waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(count));

/** The queue with one order, its stream open: the fake streams, the calls made, that stream. */
async function liveQueueOfOne() {
  const Source = FakeEventSource.install();
  const calls = serve([makeOrder("aaaaaaaa-1")]);
  render();
  await screen.findByRole("article", { name: "Order aaaaaaaa" });
  const first = Source.current(EVENTS)!;
  await first.open();
  return { Source, calls, first };
}

class FakeAudioContext {
  static beeps = 0;
  state = "running";
  currentTime = 0;
  destination = {};
  createOscillator() {
    FakeAudioContext.beeps += 1;
    return { type: "", frequency: { value: 0 }, connect() {}, start() {}, stop() {} };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect() {},
    };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

/**
 * Cancels the order of `card` as a seller does: Cancel, then in the dialog a reason and Cancel
 * order (the dialog asks why, in place of the browser's confirm).
 */
async function cancelFrom(card: HTMLElement, ui = userEvent.setup()) {
  await ui.click(within(card).getByRole("button", { name: "Cancel" }));
  const dialog = screen.getByRole("dialog", { name: /^Cancel order #/ });
  await ui.click(within(dialog).getByRole("radio", { name: "An item is out of stock" }));
  await ui.click(within(dialog).getByRole("button", { name: "Cancel order" }));
}

describe("seller: live order queue", () => {
  it("shows a new order pushed by the stream, toasts it, beeps after interaction and counts it in the title", async () => {
    const Source = FakeEventSource.install();
    FakeAudioContext.beeps = 0;
    vi.stubGlobal("AudioContext", FakeAudioContext);
    serve([makeOrder("11111111-aaaa", { deliverBy: minutesFromNow(20) })]);
    const view = render();
    await screen.findByRole("article", { name: "Order 11111111" });
    expect(document.title).toBe("(1) Orders | GreenCart");

    const stream = Source.current(EVENTS)!;
    await stream.open();
    expect(screen.getByText("Live")).toBeInTheDocument();

    // Before any interaction the browser would refuse sound: none is attempted.
    await stream.push(makeOrder("22222222-bbbb", { amount: 120, deliverBy: minutesFromNow(25) }));
    const newOrder = (await screen.findByText("New order #22222222 · ₹120")).closest(
      "[role=status]",
    );
    // Its icon is drawn, not an emoji a phone without an emoji font shows as a box.
    expect(newOrder?.querySelector("svg")).not.toBeNull();
    expect(newOrder).toHaveTextContent(/^New order #22222222 · ₹120$/);
    expect(FakeAudioContext.beeps).toBe(0);
    expect(document.title).toBe("(2) Orders | GreenCart");

    fireEvent.pointerDown(document.body);
    await stream.push(makeOrder("abcd1234-cccc", { amount: 340, deliverBy: minutesFromNow(29) }));
    expect(await screen.findByText("New order #abcd1234 · ₹340")).toBeInTheDocument();
    expect(FakeAudioContext.beeps).toBe(1);
    expect(labels()).toEqual(["Order 11111111", "Order 22222222", "Order abcd1234"]);
    expect(document.title).toBe("(3) Orders | GreenCart");

    // A status change is not a new order; a delivered order leaves the open count.
    await stream.push(
      makeOrder("11111111-aaaa", {
        status: "Delivered",
        deliverBy: minutesFromNow(20),
        history: [
          { status: "Order Placed", at: "2026-11-22T10:00:00.000Z" },
          { status: "Delivered", at: "2026-11-22T10:10:00.000Z" },
        ],
      }),
    );
    expect(document.title).toBe("(2) Orders | GreenCart");
    expect(labels()).toEqual(["Order 22222222", "Order abcd1234"]);
    expect(FakeAudioContext.beeps).toBe(1);

    view.unmount();
    expect(document.title).toBe("GreenCart: groceries in 30 minutes");
  });

  it("toasts every move, also one whose card left the list before the answer came", async () => {
    const Source = FakeEventSource.install();
    const orders = [
      makeOrder("aaaaaaaa-1", { status: "Out for Delivery", deliverBy: minutesFromNow(10) }),
      makeOrder("bbbbbbbb-2", { deliverBy: minutesFromNow(20) }),
      makeOrder("cccccccc-3", { deliverBy: minutesFromNow(25) }),
    ];
    serve(orders);
    // The server sends the order's event as it commits the move: the stream can bring it (and
    // take the card away) before the move's own answer arrives.
    const { answer } = holdCalls("/api/order/status");
    render();
    const stream = Source.current(EVENTS)!;
    await stream.open();
    const first = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    await userEvent.click(within(first).getByRole("button", { name: "Mark Delivered" }));
    await stream.push(moved(orders[0]!, "Delivered"));
    expect(screen.queryByRole("article", { name: "Order aaaaaaaa" })).not.toBeInTheDocument();
    await answer();
    expect(await screen.findByText("Order #aaaaaaaa moved to Delivered")).toBeInTheDocument();

    // Without the stream getting there first: the list's refresh takes the card away.
    const second = screen.getByRole("article", { name: "Order bbbbbbbb" });
    await cancelFrom(second);
    await answer();
    expect(await screen.findByText("Order #bbbbbbbb cancelled")).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Order bbbbbbbb" })).not.toBeInTheDocument();

    // A move that keeps the card in the list is toasted as before.
    const third = screen.getByRole("article", { name: "Order cccccccc" });
    await userEvent.click(within(third).getByRole("button", { name: "Mark Packing" }));
    await answer();
    expect(await screen.findByText("Order #cccccccc moved to Packing")).toBeInTheDocument();
  });

  it("keeps the keyboard focus through moves: on the button pressed, then on the next card, then on the heading", async () => {
    FakeEventSource.install();
    const calls = serve([
      makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(10) }),
      makeOrder("bbbbbbbb-2", { status: "Packing", deliverBy: minutesFromNow(20) }),
    ]);
    const { sent, answer } = holdCalls("/api/order/status");
    render();
    const ui = userEvent.setup();
    const first = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    const packing = within(first).getByRole("button", { name: "Mark Packing" });
    packing.focus();
    await ui.keyboard("{Enter}");
    await sent();
    // While it is sent: still focused, marked busy, and a second press sends nothing.
    expect(packing).toHaveFocus();
    expect(packing).toHaveAttribute("aria-disabled", "true");
    expect(first).toHaveAttribute("aria-busy", "true");
    await ui.keyboard("{Enter}");
    await answer();
    expect(await screen.findByText("Order #aaaaaaaa moved to Packing")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/order/status")).toHaveLength(1);
    // The card stays (still open): the button pressed is now its next move, focused.
    await waitFor(() =>
      expect(within(first).getByRole("button", { name: "Mark Out for Delivery" })).toHaveFocus(),
    );
    expect(first).toHaveAttribute("aria-busy", "false");

    // Cancelled, the card leaves the queue: the focus goes to the card now in its place.
    await cancelFrom(first, ui);
    await answer();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Order aaaaaaaa" })).not.toBeInTheDocument(),
    );
    const second = screen.getByRole("article", { name: "Order bbbbbbbb" });
    expect(within(second).getByRole("button", { name: "Mark Out for Delivery" })).toHaveFocus();

    // The last card leaves: the focus goes to the list's heading, not the page's body.
    await cancelFrom(second, ui);
    await answer();
    expect(await screen.findByText(/No open orders right now/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Orders List" })).toHaveFocus();
  });

  it("labels and colours the minutes left, oldest promise first, refreshed every 30 s", async () => {
    FakeEventSource.install();
    serve([
      makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(18) }),
      // (Late by 4.9 minutes: the clock is read again as the queue comes in, a few milliseconds
      // after NOW, and lateness is counted in whole minutes begun.)
      makeOrder("bbbbbbbb-2", { deliverBy: minutesFromNow(-4.9), status: "Packing" }),
      makeOrder("cccccccc-3", { deliverBy: minutesFromNow(7), status: "Out for Delivery" }),
    ]);
    render();
    await screen.findByRole("article", { name: "Order aaaaaaaa" });
    expect(labels()).toEqual(["Order bbbbbbbb", "Order cccccccc", "Order aaaaaaaa"]);
    const due = (name: string) =>
      within(screen.getByRole("article", { name })).getByTestId("order-due");
    expect(due("Order aaaaaaaa")).toHaveTextContent("18 min left");
    expect(due("Order aaaaaaaa")).toHaveClass("text-gray-800");
    expect(due("Order cccccccc")).toHaveTextContent("7 min left");
    expect(due("Order cccccccc")).toHaveClass("text-amber-900");
    expect(due("Order bbbbbbbb")).toHaveTextContent("5 min late");
    expect(due("Order bbbbbbbb")).toHaveClass("text-red-700");

    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    expect(due("Order aaaaaaaa")).toHaveTextContent("9 min left");
    expect(due("Order aaaaaaaa")).toHaveClass("text-amber-900");
    expect(due("Order cccccccc")).toHaveTextContent("2 min late");
    expect(due("Order cccccccc")).toHaveClass("text-red-700");
  });

  it("keeps every card of a long queue drawn once it is whole: a new order does not take the last one out, its focus and its move on the way with it", async () => {
    const Source = FakeEventSource.install();
    const id = (n: number) => `${String(n).padStart(8, "0")}-x`;
    serve(
      Array.from({ length: 30 }, (_, i) =>
        makeOrder(id(i + 1), { deliverBy: minutesFromNow(10 + i) }),
      ),
    );
    const { sent } = holdCalls("/api/order/status");
    render();
    await cardsShown(30);
    const stream = Source.current(EVENTS)!;
    await stream.open();
    // The seller presses Mark Packing on the card promised last; its move is on the way.
    const last = screen.getByRole("article", { name: "Order 00000030" });
    const move = within(last).getByRole("button", { name: "Mark Packing" });
    move.focus();
    await act(async () => move.click());
    await sent();
    expect(last).toHaveAttribute("aria-busy", "true");

    // An order promised sooner comes in: it goes first, and the list is one longer.
    await stream.push(makeOrder("99999999-6", { deliverBy: minutesFromNow(5) }));
    await cardsShown(31);
    // The same card, never taken out (the first render after the event drew the 30 first cards
    // only: the last one left, lost its move, and its focus went to the card before it).
    expect(screen.getByRole("article", { name: "Order 00000030" })).toBe(last);
    expect(last).toHaveAttribute("aria-busy", "true");
    expect(move).toHaveFocus();
  });

  it("counts an order that comes in between two ticks of the clock from when it came, not from the last tick", async () => {
    const { first } = await liveQueueOfOne();
    // 20 s after the clock's last tick, an order placed now, promised in 30 minutes.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    const placed = Date.now();
    await first.push(
      makeOrder("ffffffff-6", {
        createdAt: new Date(placed).toISOString(),
        deliverBy: new Date(placed + 30 * 60_000).toISOString(),
      }),
    );
    const card = await screen.findByRole("article", { name: "Order ffffffff" });
    // "31 min left", before.
    expect(within(card).getByTestId("order-due")).toHaveTextContent("30 min left");
  });

  it("lists orders more than a day past their promise after today's, the most recent first, and says so", async () => {
    FakeEventSource.install();
    const day = 24 * 60;
    serve([
      makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(20) }),
      makeOrder("bbbbbbbb-2", { deliverBy: minutesFromNow(-5), status: "Packing" }),
      makeOrder("cccccccc-3", { deliverBy: minutesFromNow(-3 * day), status: "Out for Delivery" }),
      makeOrder("dddddddd-4", { deliverBy: minutesFromNow(-2 * day) }),
    ]);
    render();
    await screen.findByRole("article", { name: "Order aaaaaaaa" });
    expect(labels()).toEqual([
      "Order bbbbbbbb",
      "Order aaaaaaaa",
      "Order dddddddd",
      "Order cccccccc",
    ]);
    expect(
      screen.getByText(/^2 orders more than a day past their promise are listed last\./),
    ).toHaveTextContent("If they were delivered, mark them Delivered to clear the queue.");
  });

  it("counts every open order when the queue leaves stale ones out, in the chip, the note and the title", async () => {
    FakeEventSource.install();
    const day = 24 * 60;
    const stale = Array.from({ length: OPEN_QUEUE_LIMIT - 1 }, (_, i) =>
      makeOrder(`${String(i).padStart(8, "0")}-s`, {
        deliverBy: minutesFromNow(-2 * day - i * 60),
        status: "Out for Delivery",
      }),
    );
    openTotal = 1026;
    const served = [makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(20) }), ...stale];
    serve(served);
    render();
    // Text and selector queries: role queries over 500 cards take seconds each.
    expect(
      await screen.findByText(/^Showing 500 of 1,026 open orders; the rest are older still\./),
    ).toHaveTextContent("499 orders more than a day past their promise are listed last.");
    expect(document.querySelector("article")).toHaveAttribute("aria-label", "Order aaaaaaaa");
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    expect(within(nav).getByText("All open").parentElement).toHaveTextContent("All open(1,026)");
    await waitFor(() => expect(document.title).toMatch(/^\(1026\) Orders/));

    // Delivered, a listed order leaves the queue and the count; a new one joins both.
    const stream = FakeEventSource.current(EVENTS)!;
    await stream.open();
    // (The queue, cut, is read again as it leaves: the server has it delivered too.)
    served[0] = { ...served[0]!, status: "Delivered", deliveredAt: NOW.toISOString() };
    openTotal = 1025;
    await stream.push(served[0]);
    expect(
      await screen.findByText(/^Showing 499 of 1,025 open orders; the rest are older still\./),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^\(1025\) Orders/));
    await stream.push(makeOrder("bbbbbbbb-2", { deliverBy: minutesFromNow(29) }));
    expect(
      await screen.findByText(/^Showing 500 of 1,026 open orders; the rest are older still\./),
    ).toBeInTheDocument();
    expect(within(nav).getByText("All open").parentElement).toHaveTextContent("All open(1,026)");
  }, 30_000);

  it("says when a rush cuts the queue, and reads it again as orders leave it elsewhere, at most every 5 s", async () => {
    FakeEventSource.install();
    // Five orders in play, all within their promise; the server lists the three promised soonest.
    const orders = [20, 22, 25, 29, 30].map((minutes, i) =>
      makeOrder(`${"abcde"[i]!.repeat(8)}-${i}`, { deliverBy: minutesFromNow(minutes) }),
    );
    queueLimit = 3;
    openTotal = 5;
    const calls = serve(orders);
    const queueReads = () => calls.filter((c) => c.url === "/api/order/seller?open=true").length;
    render();
    expect(
      await screen.findByText(
        "Showing the 3 of 5 open orders promised soonest; the others come in as these are delivered or cancelled.",
      ),
    ).toBeInTheDocument();
    expect(labels()).toEqual(["Order aaaaaaaa", "Order bbbbbbbb", "Order cccccccc"]);
    const stream = FakeEventSource.current(EVENTS)!;
    await stream.open();
    const reads = queueReads();

    // A rider's phone marks the first Delivered: the queue is read again and the fourth comes in.
    const deliver = async (index: number) => {
      orders[index] = { ...orders[index]!, status: "Delivered", deliveredAt: NOW.toISOString() };
      openTotal = openTotal! - 1;
      await stream.push(orders[index]);
    };
    await deliver(0);
    await waitFor(() =>
      expect(labels()).toEqual(["Order bbbbbbbb", "Order cccccccc", "Order dddddddd"]),
    );
    expect(queueReads()).toBe(reads + 1);
    expect(
      screen.getByText(/^Showing the 3 of 4 open orders promised soonest/),
    ).toBeInTheDocument();

    // The next, a second later, waits until 5 s after that read.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await deliver(1);
    await waitFor(() => expect(labels()).toEqual(["Order cccccccc", "Order dddddddd"]));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(queueReads()).toBe(reads + 1);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() =>
      expect(labels()).toEqual(["Order cccccccc", "Order dddddddd", "Order eeeeeeee"]),
    );
    expect(queueReads()).toBe(reads + 2);
    // Whole again: no note.
    expect(screen.queryByText(/promised soonest/)).toBeNull();
  });

  it("counts each open status in its chip once the queue is cut, moving with live events", async () => {
    FakeEventSource.install();
    const statuses = [
      "Order Placed",
      "Order Placed",
      "Packing",
      "Order Placed",
      "Packing",
    ] as const;
    const orders = statuses.map((status, i) =>
      makeOrder(`${"abcde"[i]!.repeat(8)}-${i}`, { status, deliverBy: minutesFromNow(20 + i) }),
    );
    queueLimit = 3;
    openTotal = 5;
    countStatuses = true;
    serve(orders);
    render();
    await screen.findByText(/^Showing the 3 of 5 open orders promised soonest/);
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    const chip = (label: string) => within(nav).getByText(label).parentElement;
    expect(chip("Order Placed")).toHaveTextContent("Order Placed(3)");
    expect(chip("Packing")).toHaveTextContent("Packing(2)");
    expect(chip("Out for Delivery")).toHaveTextContent("Out for Delivery(0)");

    // Moved on another device: a listed order goes from Order Placed to Packing.
    const stream = FakeEventSource.current(EVENTS)!;
    await stream.open();
    await stream.push(moved(orders[1]!, "Packing"));
    await waitFor(() => expect(chip("Packing")).toHaveTextContent("Packing(3)"));
    expect(chip("Order Placed")).toHaveTextContent("Order Placed(2)");
  });

  it("reads the queue again for no order leaving it while the queue is whole", async () => {
    FakeEventSource.install();
    const orders = [makeOrder("aaaaaaaa-1"), makeOrder("bbbbbbbb-2")];
    openTotal = 2;
    const calls = serve(orders);
    render();
    await screen.findByRole("article", { name: "Order aaaaaaaa" });
    const stream = FakeEventSource.current(EVENTS)!;
    await stream.open();
    const reads = calls.filter((c) => c.url === "/api/order/seller?open=true").length;
    await stream.push({ ...orders[0]!, status: "Delivered", deliveredAt: NOW.toISOString() });
    await waitFor(() => expect(labels()).toEqual(["Order bbbbbbbb"]));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(calls.filter((c) => c.url === "/api/order/seller?open=true")).toHaveLength(reads);
    expect(screen.queryByText(/promised soonest/)).toBeNull();
  });

  it("puts a move's answer into the lists without reading any of them again", async () => {
    FakeEventSource.install();
    const orders = [
      makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(10) }),
      makeOrder("bbbbbbbb-2", { status: "Out for Delivery", deliverBy: minutesFromNow(20) }),
      makeOrder("cccccccc-3", { deliverBy: minutesFromNow(25) }),
    ];
    const calls = serve(orders);
    const listReads = () => calls.filter((c) => c.url.startsWith("/api/order/seller?")).length;
    render();
    const first = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    await FakeEventSource.current(EVENTS)!.open();
    await waitFor(() => expect(screen.getByText("Live")).toBeInTheDocument());
    const reads = listReads();

    await userEvent.click(within(first).getByRole("button", { name: "Mark Packing" }));
    expect(await screen.findByText("Order #aaaaaaaa moved to Packing")).toBeInTheDocument();
    expect(
      within(first).getByRole("button", { name: "Mark Out for Delivery" }),
    ).toBeInTheDocument();
    const second = screen.getByRole("article", { name: "Order bbbbbbbb" });
    await userEvent.click(within(second).getByRole("button", { name: "Mark Delivered" }));
    await waitFor(() => expect(labels()).toEqual(["Order aaaaaaaa", "Order cccccccc"]));
    const third = screen.getByRole("article", { name: "Order cccccccc" });
    await cancelFrom(third);
    await waitFor(() => expect(labels()).toEqual(["Order aaaaaaaa"]));
    expect(listReads()).toBe(reads);
    // The other lists hold the moved orders too (the history's first read is where they are).
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    await userEvent.click(within(nav).getByRole("link", { name: /Delivered/ }));
    expect(labels()).toEqual(["Order bbbbbbbb"]);
    await userEvent.click(within(nav).getByRole("link", { name: /Cancelled/ }));
    expect(labels()).toEqual(["Order cccccccc"]);
  });

  it("reads a cut queue again at once when the seller's own move takes an order out of it", async () => {
    FakeEventSource.install();
    const orders = [10, 20, 30].map((minutes, i) =>
      makeOrder(`${"abc"[i]!.repeat(8)}-${i}`, {
        status: "Out for Delivery",
        deliverBy: minutesFromNow(minutes),
      }),
    );
    queueLimit = 2;
    openTotal = 3;
    const calls = serve(orders);
    const queueReads = () => calls.filter((c) => c.url === "/api/order/seller?open=true").length;
    render();
    const first = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    await FakeEventSource.current(EVENTS)!.open();
    const reads = queueReads();
    openTotal = 2;
    await userEvent.click(within(first).getByRole("button", { name: "Mark Delivered" }));
    await waitFor(() => expect(labels()).toEqual(["Order bbbbbbbb", "Order cccccccc"]));
    expect(queueReads()).toBe(reads + 1);
    expect(screen.queryByText(/promised soonest/)).toBeNull();
  });

  it("filters by status, kept in the URL", async () => {
    FakeEventSource.install();
    serve([
      makeOrder("aaaaaaaa-1", { status: "Order Placed" }),
      makeOrder("bbbbbbbb-2", { status: "Packing" }),
      makeOrder("cccccccc-3", { status: "Delivered" }),
      makeOrder("dddddddd-4", { status: "Cancelled", isPaid: false, paymentType: "COD" }),
    ]);
    render("/seller/orders?status=Delivered");
    expect(await screen.findByRole("article", { name: "Order cccccccc" })).toBeInTheDocument();
    expect(labels()).toEqual(["Order cccccccc"]);
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    expect(within(nav).getByRole("link", { name: /Delivered/ })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await userEvent.click(within(nav).getByRole("link", { name: /All open/ }));
    expect(labels()).toEqual(["Order aaaaaaaa", "Order bbbbbbbb"]);
    await userEvent.click(within(nav).getByRole("link", { name: /Cancelled/ }));
    expect(labels()).toEqual(["Order dddddddd"]);
    // A cancelled order nobody paid for is not "Pending".
    expect(screen.getByText("Method: COD · Payment: Not charged")).toBeInTheDocument();
  });

  it("shows the unpaid online checkouts holding stock on request, and only then asks for them", async () => {
    FakeEventSource.install();
    const calls = serve(
      [makeOrder("aaaaaaaa-1", { status: "Order Placed" })],
      [
        makeOrder("eeeeeeee-5", {
          status: "Awaiting Payment",
          paymentType: "Online",
          isPaid: false,
        }),
      ],
    );
    render();
    expect(await screen.findByRole("article", { name: "Order aaaaaaaa" })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("Awaiting"))).toBe(false);
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    await userEvent.click(within(nav).getByRole("link", { name: /Awaiting payment/ }));
    expect(await screen.findByRole("article", { name: "Order eeeeeeee" })).toBeInTheDocument();
    expect(labels()).toEqual(["Order eeeeeeee"]);
    expect(within(nav).getByRole("link", { name: /Awaiting payment/ })).toHaveTextContent("(1)");
  });

  it("shows an online order paid while its awaiting-payment list was loaded once, and counts it once", async () => {
    const Source = FakeEventSource.install();
    const unpaid = makeOrder("eeeeeeee-5", {
      status: "Awaiting Payment",
      paymentType: "Online",
      isPaid: false,
    });
    serve([makeOrder("aaaaaaaa-1", { status: "Order Placed" })], [unpaid]);
    render("/seller/orders?status=Awaiting%20Payment");
    expect(await screen.findByRole("article", { name: "Order eeeeeeee" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    await userEvent.click(within(nav).getByRole("link", { name: /All open/ }));
    const stream = Source.current(EVENTS)!;
    await stream.open();
    await stream.push({
      ...unpaid,
      status: "Order Placed",
      isPaid: true,
      history: [
        { status: "Awaiting Payment", at: "2026-11-22T10:00:00.000Z" },
        { status: "Order Placed", at: "2026-11-22T10:05:00.000Z" },
      ],
    });
    expect(await screen.findByRole("article", { name: "Order eeeeeeee" })).toBeInTheDocument();
    expect(labels().filter((l) => l === "Order eeeeeeee")).toHaveLength(1);
    expect(within(nav).getByRole("link", { name: /All open/ })).toHaveTextContent("(2)");
    expect(document.title).toBe("(2) Orders | GreenCart");
  });

  it("builds the queue from every open order, not the newest ones, and asks for history only on request", async () => {
    FakeEventSource.install();
    const oldOpen = makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(-90), status: "Packing" });
    const delivered = Array.from({ length: SELLER_LIST_LIMIT }, (_, i) =>
      makeOrder(`d${String(i).padStart(7, "0")}-x`, { status: "Delivered" }),
    );
    const calls = serve([oldOpen, ...delivered], [], delivered);
    render();
    expect(await screen.findByRole("article", { name: "Order aaaaaaaa" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    expect(within(nav).getByRole("link", { name: /All open/ })).toHaveTextContent("(1)");
    expect(within(nav).getByRole("link", { name: /Packing/ })).toHaveTextContent("(1)");
    expect(within(nav).getByRole("link", { name: /Delivered/ })).not.toHaveTextContent("(");
    expect(document.title).toBe("(1) Orders | GreenCart");
    expect(calls.some((c) => c.url.startsWith("/api/order/seller?limit"))).toBe(false);

    await userEvent.click(within(nav).getByRole("link", { name: /Delivered/ }));
    await cardsShown(SELLER_LIST_LIMIT);
    // Exactly 200, and the server says nothing is older: no "+", nothing more to ask for.
    expect(within(nav).getByRole("link", { name: /Delivered/ })).toHaveTextContent(
      `(${SELLER_LIST_LIMIT})`,
    );
    expect(screen.queryByRole("button", { name: /Show older/ })).not.toBeInTheDocument();
  });

  it("reads Delivered orders back past the newest, a page at a time, each once, to the first", async () => {
    const Source = FakeEventSource.install();
    const delivered = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        makeOrder(`d${String(from + i).padStart(7, "0")}-x`, {
          status: "Delivered",
          createdAt: minutesFromNow(-(from + i)),
        }),
      );
    const newest = delivered(0, SELLER_LIST_LIMIT);
    // The history's first page is mostly the newest orders again (5 new: the next follows by
    // itself); the last holds an order the newest hold too (it changed since): shown once.
    const pages = [
      [...newest.slice(5), ...delivered(200, 5)],
      delivered(205, 200),
      [...delivered(405, 3), newest[5]!],
    ];
    const calls = serve([], [], newest, { Delivered: pages });
    render("/seller/orders?status=Delivered");
    await cardsShown(200);
    const more = screen.getByRole("button", { name: "Show older Delivered orders" });
    expect(calls.some((c) => c.url.includes("cursor="))).toBe(false);

    await userEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(405));
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    expect(within(nav).getByRole("link", { name: /Delivered/ })).toHaveTextContent("(405+)");
    // An old order refunded and cancelled now: it leaves Delivered, though its page still has it.
    const old = pages[1]![10]!;
    await Source.current(EVENTS)!.push(moved(old, "Cancelled"));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(404));
    await userEvent.click(screen.getByRole("button", { name: "Show older Delivered orders" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(407));
    expect(screen.getByText("Every Delivered order is shown.")).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /Delivered/ })).toHaveTextContent("(407)");
    expect(screen.queryByRole("button", { name: /Show older/ })).not.toBeInTheDocument();
    // Newest first, the oldest last.
    const labels = screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"));
    expect(labels.at(-1)).toBe("Order d0000407");
    // 400 cards drawn in jsdom, several times: seconds on a busy two-core machine.
  }, 30_000);

  it("offers older Cancelled orders when the newest hold none, and keeps each status's history apart", async () => {
    FakeEventSource.install();
    const newest = Array.from({ length: SELLER_LIST_LIMIT }, (_, i) =>
      makeOrder(`d${String(i).padStart(7, "0")}-x`, { status: "Delivered" }),
    );
    const cancelled = [makeOrder("c0000001-x", { status: "Cancelled" })];
    serve([], [], newest, { Cancelled: [cancelled], Delivered: [newest, []] });
    render("/seller/orders?status=Cancelled");
    expect(await screen.findByText("No cancelled orders among the newest 200.")).toBeVisible();
    const more = screen.getByRole("button", { name: "Show older Cancelled orders" });
    more.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("article", { name: "Order c0000001" })).toBeVisible();
    // The last page is in: the button goes, its focus moves to the line that says so.
    const line = await screen.findByText("Every Cancelled order is shown.");
    expect(line).toHaveFocus();
    expect(screen.queryByRole("button", { name: /Show older/ })).not.toBeInTheDocument();

    // Delivered's history is its own: not asked for there yet.
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    await userEvent.click(within(nav).getByRole("link", { name: /Delivered/ }));
    await cardsShown(200);
    expect(screen.getByRole("button", { name: "Show older Delivered orders" })).toBeVisible();
    await userEvent.click(within(nav).getByRole("link", { name: /Cancelled/ }));
    expect(await screen.findByRole("article", { name: "Order c0000001" })).toBeVisible();
    expect(screen.getByText("Every Cancelled order is shown.")).toBeVisible();
  });

  it("adds a new unpaid online checkout to the awaiting-payment list as it happens", async () => {
    const Source = FakeEventSource.install();
    serve([makeOrder("aaaaaaaa-1")], []);
    render("/seller/orders?status=Awaiting%20Payment");
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    await screen.findByText("No orders awaiting payment.");
    expect(within(nav).getByRole("link", { name: /Awaiting payment/ })).toHaveTextContent("(0)");
    const stream = Source.current(EVENTS)!;
    await stream.open();
    const unpaid = makeOrder("ffffffff-6", {
      status: "Awaiting Payment",
      paymentType: "Online",
      isPaid: false,
      history: [{ status: "Awaiting Payment", at: "2026-11-22T10:11:00.000Z" }],
    });
    await stream.push(unpaid);
    expect(await screen.findByRole("article", { name: "Order ffffffff" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /Awaiting payment/ })).toHaveTextContent("(1)");
    expect(within(nav).getByRole("link", { name: /All open/ })).toHaveTextContent("(1)");

    // Paid: it leaves the awaiting list for the queue, announced as a new order.
    await stream.push({
      ...moved(unpaid, "Order Placed"),
      isPaid: true,
    });
    expect(await screen.findByText("No orders awaiting payment.")).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /Awaiting payment/ })).toHaveTextContent("(0)");
    expect(within(nav).getByRole("link", { name: /All open/ })).toHaveTextContent("(2)");
    expect(screen.getByText(/New order #ffffffff/)).toBeInTheDocument();
  });

  it("keeps the orders on screen while the server is unreachable, says so, and is live again soon after", async () => {
    const Source = FakeEventSource.install();
    let down = false;
    const orders = [makeOrder("aaaaaaaa-1")];
    mockApi((url) => {
      if (down)
        return { status: 503, body: { success: false, code: "unavailable", message: "Down" } };
      if (url === "/api/order/seller?open=true") return { body: { success: true, orders } };
      return undefined;
    });
    render();
    await screen.findByRole("article", { name: "Order aaaaaaaa" });
    const first = Source.current(EVENTS)!;
    await first.open();
    expect(screen.getByText("Live")).toBeInTheDocument();

    down = true;
    for (let i = 0; i < MAX_STREAM_ERRORS; i += 1) await first.fail();
    expect(first.closed).toBe(true);
    const notice = await screen.findByText("Not updating, retrying");
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole("article", { name: "Order aaaaaaaa" })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();

    // Back up: the stream is tried again within seconds, not after a minute.
    down = false;
    await act(() => vi.advanceTimersByTimeAsync(6_500)); // 5 s, spread by up to 25%
    const second = Source.current(EVENTS)!;
    expect(second).not.toBe(first);
    await second.open();
    expect(await screen.findByText("Live")).toBeInTheDocument();
    expect(screen.queryByText(/Not updating/)).not.toBeInTheDocument();
  });

  it("polls when another tab's newer stream took this one's place, and streams again once looked at", async () => {
    let visibility: DocumentVisibilityState = "hidden";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    const { Source, calls, first } = await liveQueueOfOne();
    const queueReads = () => calls.filter((c) => c.url === "/api/order/seller?open=true").length;
    const reads = queueReads();

    await first.replaced();
    expect(first.closed).toBe(true);
    expect(await screen.findByText("Updates every 10 s")).toBeInTheDocument();
    // A tab in the background: no new stream however long it waits (it would end another
    // tab's), but the queue is polled.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(Source.current(EVENTS)).toBeUndefined();
    expect(queueReads()).toBeGreaterThanOrEqual(reads + 12);

    // Looked at again: it streams at once.
    visibility = "visible";
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
      await Promise.resolve();
    });
    const second = Source.current(EVENTS)!;
    expect(second).toBeDefined();
    await second.open();
    expect(await screen.findByText("Live")).toBeInTheDocument();
  });

  it("waits the longest retry before streaming again when replaced while on screen", async () => {
    const { Source, first } = await liveQueueOfOne();
    await first.replaced();
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS.at(-1)! * 0.75 - 1_000));
    expect(Source.current(EVENTS)).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS.at(-1)! * 0.5 + 2_000));
    const second = Source.current(EVENTS)!;
    expect(second).toBeDefined();
    // Streaming again, it fails: the next try comes within seconds, as after any first failure.
    await second.open();
    await second.fail(true);
    await act(() => vi.advanceTimersByTimeAsync(6_500)); // 5 s, spread by up to 25%
    expect(Source.current(EVENTS)).not.toBe(second);
    expect(Source.current(EVENTS)).toBeDefined();
  });

  it("does not take the stream back after the longest wait if the tab went behind another meanwhile", async () => {
    let visibility: DocumentVisibilityState = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    const { Source, first } = await liveQueueOfOne();
    await first.replaced();
    visibility = "hidden";
    document.dispatchEvent(new Event("visibilitychange"));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(Source.current(EVENTS)).toBeUndefined();
    visibility = "visible";
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
      await Promise.resolve();
    });
    expect(Source.current(EVENTS)).toBeDefined();
  });

  it("does not let a queue read under way when a move is answered take the move back", async () => {
    FakeEventSource.install();
    const orders = [10, 20, 30].map((minutes, i) =>
      makeOrder(`${"abc"[i]!.repeat(8)}-${i}`, { deliverBy: minutesFromNow(minutes) }),
    );
    queueLimit = 2;
    openTotal = 3;
    serve(orders);
    // The queue's reads are answered as the server stood when asked, and held on their way.
    const served = globalThis.fetch;
    let arrive: (() => void) | undefined;
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      const response = await served(url, init);
      if (url === "/api/order/seller?open=true" && arrive === undefined)
        await new Promise<void>((go) => (arrive = go));
      return response;
    });
    render();
    await waitFor(() => expect(arrive).toBeDefined());
    arrive!();
    const stream = FakeEventSource.current(EVENTS)!;
    await stream.open();
    const b = await screen.findByRole("article", { name: "Order bbbbbbbb" });

    // Delivered on a rider's phone: the cut queue is read again; that read is on its way...
    arrive = undefined;
    orders[0] = moved(orders[0]!, "Delivered");
    openTotal = 2;
    await stream.push(orders[0]);
    await waitFor(() => expect(arrive).toBeDefined());
    // ...when the seller packs B, and B's event comes too.
    await userEvent.click(within(b).getByRole("button", { name: "Mark Packing" }));
    expect(await screen.findByText("Order #bbbbbbbb moved to Packing")).toBeInTheDocument();
    await stream.push(orders[1]!);
    // The read, answered before the move, arrives: B stays packed, C comes in.
    arrive!();
    await waitFor(() => expect(labels()).toEqual(["Order bbbbbbbb", "Order cccccccc"]));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(
      within(screen.getByRole("article", { name: "Order bbbbbbbb" })).getByRole("button", {
        name: "Mark Out for Delivery",
      }),
    ).toBeInTheDocument();
  });

  it("does not show a delivered order as open from a history list cached while it was open", async () => {
    // No stream: the page polls, and a list not on screen (disabled) is not refreshed.
    vi.stubGlobal("EventSource", undefined);
    let out = makeOrder("aaaaaaaa-1", { status: "Out for Delivery" });
    mockApi((url) => {
      if (url === "/api/order/seller?open=true")
        return { body: { success: true, orders: queueOf([out]) } };
      if (url === `/api/order/seller?limit=${SELLER_LIST_LIMIT}`)
        return { body: { success: true, orders: [out] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      return undefined;
    });
    render("/seller/orders?status=Delivered");
    await screen.findByText("No delivered orders.");
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    await userEvent.click(within(nav).getByRole("link", { name: /All open/ }));
    expect(await screen.findByRole("article", { name: "Order aaaaaaaa" })).toBeInTheDocument();

    out = {
      ...out,
      status: "Delivered",
      history: [...out.history, { status: "Delivered", at: "2026-11-22T10:11:00.000Z" }],
    };
    await act(() => vi.advanceTimersByTimeAsync(10_000)); // the next poll
    expect(await screen.findByText(/No open orders right now/)).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /All open/ })).toHaveTextContent("(0)");
    expect(document.title).toBe("Orders | GreenCart");
  });

  it("lists the refunds owed, however old, with their count, and drops one once refunded", async () => {
    FakeEventSource.install();
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const owed = makeOrder("eeeeeeee-5", { status: "Cancelled", refundDue: true, isPaid: true });
    const calls = serve([makeOrder("aaaaaaaa-1"), owed], [], []);
    render();
    await screen.findByRole("article", { name: "Order aaaaaaaa" });
    const nav = screen.getByRole("navigation", { name: "Filter orders by status" });
    expect(within(nav).getByRole("link", { name: /Refund due/ })).toHaveTextContent("(1)");
    expect(within(nav).getByRole("link", { name: /Refund due/ })).toHaveClass("text-red-700");
    await userEvent.click(within(nav).getByRole("link", { name: /Refund due/ }));
    const card = await screen.findByRole("article", { name: "Order eeeeeeee" });
    expect(labels()).toEqual(["Order eeeeeeee"]);
    expect(calls.some((c) => c.url.startsWith("/api/order/seller?limit"))).toBe(false);
    await userEvent.click(within(card).getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("No refunds owed.")).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: /Refund due/ })).toHaveTextContent("(0)");
  });

  it("refreshes a list whose refresh failed as soon as its stream is back", async () => {
    const Source = FakeEventSource.install();
    let down = false;
    const placed = makeOrder("aaaaaaaa-1");
    mockApi((url) => {
      if (down)
        return { status: 503, body: { success: false, code: "unavailable", message: "Down" } };
      if (url === "/api/order/seller?open=true")
        return { body: { success: true, orders: [placed] } };
      if (url === "/api/order/seller?refundDue=true")
        return { body: { success: true, orders: [] } };
      return undefined;
    });
    render();
    const card = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    const stream = Source.current(EVENTS)!;
    await stream.open();
    await stream.push(placed); // the stream has sent an event: a reconnect replays, not refetches

    down = true; // a short blip: the stream reconnects by itself; a refresh fails meanwhile
    await stream.fail();
    await userEvent.click(within(card).getByRole("button", { name: "Mark Packing" }));
    expect(await screen.findByText("Not updating, retrying")).toBeInTheDocument();
    down = false;
    await stream.open();
    expect(await screen.findByText("Live")).toBeInTheDocument();
    expect(screen.queryByText(/Not updating/)).not.toBeInTheDocument();
  });

  it("refunds an order owed a refund after confirming, then shows Refunded", async () => {
    FakeEventSource.install();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const calls = serve([
      makeOrder("eeeeeeee-5", { status: "Cancelled", refundDue: true, isPaid: true }),
    ]);
    render("/seller/orders?status=Cancelled");
    const card = await screen.findByRole("article", { name: "Order eeeeeeee" });
    expect(within(card).getByText("Method: Online · Payment: Refund due")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Refund" }));
    expect(confirm).toHaveBeenCalled();
    expect(await screen.findByText("Refund sent")).toBeInTheDocument();
    expect(within(card).getByText("Method: Online · Payment: Refunded")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();
    const refund = calls.find((c) => c.url === "/api/order/refund");
    expect(JSON.parse(refund?.init?.body as string)).toEqual({ orderId: "eeeeeeee-5" });
  });

  it("does not refund when the seller does not confirm", async () => {
    FakeEventSource.install();
    vi.spyOn(window, "confirm").mockReturnValue(false);
    const calls = serve([
      makeOrder("eeeeeeee-5", { status: "Cancelled", refundDue: true, isPaid: true }),
    ]);
    render("/seller/orders?status=Cancelled");
    const card = await screen.findByRole("article", { name: "Order eeeeeeee" });
    await userEvent.click(within(card).getByRole("button", { name: "Refund" }));
    expect(calls.some((c) => c.url === "/api/order/refund")).toBe(false);
  });

  it("proposes the shop's last 7 days for the export, in the shop's time zone, not the browser's", async () => {
    // 11:00 UTC: 23 November on Kiritimati (UTC+14), 22 November in Pago Pago (UTC-11). The shop
    // is in whichever of the two is on another date than this machine.
    vi.setSystemTime(new Date("2026-11-22T11:00:00.000Z"));
    const browserDay = new Intl.DateTimeFormat("en-CA").format(new Date());
    const [zone, today, weekAgo] =
      browserDay === "2026-11-23"
        ? ["Pacific/Pago_Pago", "2026-11-22", "2026-11-16"]
        : ["Pacific/Kiritimati", "2026-11-23", "2026-11-17"];
    shopTimeZone = zone;
    FakeEventSource.install();
    serve([]);
    render();
    await screen.findByText(/No open orders right now/);
    const form = screen.getByRole("form", { name: "Export orders" });
    await waitFor(() => expect(within(form).getByLabelText("To")).toHaveValue(today));
    expect(within(form).getByLabelText("From")).toHaveValue(weekAgo);
    expect(within(form).getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/order/seller/export.csv?from=${weekAgo}&to=${today}`,
    );
  });

  it("shows an order's times in the shop's time zone", async () => {
    shopTimeZone = "America/St_Johns"; // UTC−3:30, unlike this machine's, most likely
    FakeEventSource.install();
    serve([makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(18) })]);
    render();
    const card = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    // Placed 10:00 UTC, due 10:30 UTC.
    const placed = card.querySelector("time[datetime='2026-11-22T10:00:00.000Z']");
    await waitFor(() => expect(placed).toHaveTextContent("22 Nov 2026, 6:30 am"));
    expect(within(card).getByTestId("order-due")).toHaveAttribute("title", "Due at 7:00 am");
  });

  it("links the CSV export to the chosen period", async () => {
    FakeEventSource.install();
    serve([]);
    render();
    await screen.findByText(/No open orders right now/);
    const form = screen.getByRole("form", { name: "Export orders" });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2026-11-15" } });
    expect(within(form).getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/order/seller/export.csv?from=2026-11-01&to=2026-11-15",
    );
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2026-11-20" } });
    expect(within(form).queryByRole("link", { name: "Export CSV" })).not.toBeInTheDocument();
    expect(within(form).getByRole("alert")).toHaveTextContent(/must not be before/);
  });
});
