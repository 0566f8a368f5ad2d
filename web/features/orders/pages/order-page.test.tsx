import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../../contract/order";
import { mockApi, renderApp } from "../../../test/render";
import { formatClock } from "../../../ui/countdown";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder, shopper } from "../../../test/order-fixture";
import { OrderPage } from "./order-page";

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

function serve(getOrder: () => Order | undefined) {
  return mockApi((url) => {
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === `/api/order/${id}`) {
      const order = getOrder();
      return order
        ? { body: { success: true, order } }
        : { status: 404, body: { success: false, code: "not_found", message: "Order not found" } };
    }
    return undefined;
  });
}

const render = () =>
  renderApp(<OrderPage />, {
    path: `/my-orders/${id}`,
    pattern: "/my-orders/:id",
    routes: { "/my-orders": <p>my orders list</p> },
  });

const packing = makeOrder(id, {
  status: "Packing",
  history: [
    { status: "Order Placed", at: "2026-11-22T10:00:00.000Z" },
    { status: "Packing", at: "2026-11-22T10:05:00.000Z" },
  ],
});

describe("order detail", () => {
  it("says how an online order was paid, as the payment provider reported it", async () => {
    FakeEventSource.install();
    serve(() => ({ ...packing, paymentId: "pay_Shown789", paymentMethod: "upi" }));
    render();
    expect(await screen.findByText("Online · Paid by UPI")).toBeInTheDocument();
  });

  it("shows the timeline with times and a countdown that refreshes", async () => {
    FakeEventSource.install();
    serve(() => packing);
    render();
    const due = formatClock(packing.deliverBy);
    expect(due).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
    expect(await screen.findByText(`Arriving by ${due} · 18 min`)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Order abcd1234" })).toBeInTheDocument();

    const steps = within(screen.getByRole("list", { name: "Order progress" })).getAllByRole(
      "listitem",
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      `Order Placed${formatClock("2026-11-22T10:00:00.000Z")}`,
      `Packing${formatClock("2026-11-22T10:05:00.000Z")}`,
      "Out for Delivery",
      "Delivered",
    ]);
    expect(steps[1]).toHaveAttribute("aria-current", "step");

    // Items, payment and address.
    expect(screen.getByText("Basmati Rice")).toBeInTheDocument();
    expect(screen.getByText(/1 kg/)).toBeInTheDocument();
    expect(screen.getByText("Online · Paid")).toBeInTheDocument();
    expect(screen.getByText("12 MG Road")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText(`Arriving by ${due} · 17 min`)).toBeInTheDocument();
  });

  it("says the order is running late once the promise has passed", async () => {
    vi.setSystemTime(new Date("2026-11-22T10:41:00.000Z"));
    FakeEventSource.install();
    serve(() => packing);
    render();
    expect(
      await screen.findByText(`Running late — it was due at ${formatClock(packing.deliverBy)}`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Arriving by/)).not.toBeInTheDocument();
  });

  it("updates live when an event arrives, with a toast, and shows Live", async () => {
    const Source = FakeEventSource.install();
    const calls = serve(() => packing);
    render();
    await screen.findByText(/Arriving by/);
    const stream = Source.current(EVENTS)!;
    expect(stream).toBeDefined();
    await stream.open();
    expect(screen.getByText("Live")).toBeInTheDocument();

    await stream.push({
      ...packing,
      status: "Out for Delivery",
      history: [...packing.history, { status: "Out for Delivery", at: "2026-11-22T10:11:00.000Z" }],
    });
    expect(await screen.findByText("Your order is out for delivery")).toBeInTheDocument();
    expect(screen.getByTestId("order-status")).toHaveTextContent("Out for Delivery");
    expect(
      within(screen.getByRole("list", { name: "Order progress" })).getByText("Out for Delivery")
        .parentElement,
    ).toHaveTextContent(formatClock("2026-11-22T10:11:00.000Z"));
    // Patched in place: the order was fetched once.
    expect(calls.filter((c) => c.url === `/api/order/${id}`)).toHaveLength(1);

    // An older copy arriving late changes nothing.
    await stream.push(packing);
    expect(screen.getByTestId("order-status")).toHaveTextContent("Out for Delivery");
  });

  it("says when it was delivered, and offers to order again", async () => {
    FakeEventSource.install();
    serve(() =>
      makeOrder(id, {
        status: "Delivered",
        deliveredAt: "2026-11-22T10:25:00.000Z",
        history: [
          { status: "Order Placed", at: "2026-11-22T10:00:00.000Z" },
          { status: "Delivered", at: "2026-11-22T10:25:00.000Z" },
        ],
      }),
    );
    render();
    expect(
      await screen.findByText(`Delivered at ${formatClock("2026-11-22T10:25:00.000Z")}`),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Order again/ })).toBeInTheDocument();
  });

  it("never shows a cancelled unpaid order as pending payment, nor a countdown", async () => {
    FakeEventSource.install();
    serve(() =>
      makeOrder(id, {
        status: "Cancelled",
        paymentType: "COD",
        isPaid: false,
        history: [
          { status: "Order Placed", at: "2026-11-22T10:00:00.000Z" },
          { status: "Cancelled", at: "2026-11-22T10:02:00.000Z" },
        ],
      }),
    );
    render();
    expect(await screen.findByText("Cash on delivery · Not charged")).toBeInTheDocument();
    expect(screen.queryByText(/Pending/)).not.toBeInTheDocument();
    expect(screen.queryByTestId("delivery-countdown")).not.toBeInTheDocument();
  });

  it("falls back to polling every 10 s when the stream fails", async () => {
    const Source = FakeEventSource.install();
    let current = packing;
    const calls = serve(() => current);
    render();
    await screen.findByText(/Arriving by/);
    const stream = Source.current(EVENTS)!;
    await stream.fail();
    await stream.fail();
    expect(screen.queryByText("Updates every 10 s")).not.toBeInTheDocument();
    await stream.fail();
    expect(await screen.findByText("Updates every 10 s")).toBeInTheDocument();
    expect(stream.closed).toBe(true);

    const fetched = () => calls.filter((c) => c.url === `/api/order/${id}`).length;
    const before = fetched();
    current = {
      ...packing,
      status: "Out for Delivery",
      history: [...packing.history, { status: "Out for Delivery", at: "2026-11-22T10:13:00.000Z" }],
    };
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetched()).toBeGreaterThan(before);
    expect(await screen.findByText("Your order is out for delivery")).toBeInTheDocument();
  });

  it("keeps the order on screen when a refresh fails, saying it is not updating, until one works", async () => {
    const Source = FakeEventSource.install();
    let down = false;
    mockApi((url) => {
      if (down)
        return { status: 503, body: { success: false, code: "unavailable", message: "Down" } };
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === `/api/order/${id}`) return { body: { success: true, order: packing } };
      return undefined;
    });
    render();
    await screen.findByText(/Arriving by/);
    down = true;
    const stream = Source.current(EVENTS)!;
    for (let i = 0; i < 3; i += 1) await stream.fail();
    // The poll that follows fails.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText("Not updating, retrying")).toBeInTheDocument();
    expect(screen.getByText(/Arriving by/)).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();

    down = false;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText("Updates every 10 s")).toBeInTheDocument();
    expect(screen.queryByText(/Not updating/)).not.toBeInTheDocument();
  });

  it("polls when the browser has no EventSource or the stream is refused", async () => {
    const Source = FakeEventSource.install();
    serve(() => packing);
    render();
    await screen.findByText(/Arriving by/);
    await Source.current(EVENTS)!.fail(true);
    expect(await screen.findByText("Updates every 10 s")).toBeInTheDocument();
  });

  it("answers a missing order with a way back to My Orders", async () => {
    FakeEventSource.install();
    serve(() => undefined);
    render();
    expect(await screen.findByRole("heading", { name: "Order not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My Orders" })).toHaveAttribute(
      "href",
      "/my-orders",
    );
  });
});
