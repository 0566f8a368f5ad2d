import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Order } from "../../../../contract/order";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder } from "../../../test/order-fixture";
import { mockApi, renderApp } from "../../../test/render";
import { fakeQueueClock, minutesFromNow, moved } from "../../../test/seller-queue-clock";
import { SellerOrdersPage } from "../pages/seller-orders-page";

// The seller's Cancel asks why in a dialog (turn 3, 2/10), not the browser's confirm: the reason
// and the note go with the move; the checkouts awaiting payment can be cancelled too.

fakeQueueClock();

/** The queue of `open`, the unpaid checkouts of `awaiting`, and the moves, as the server answers. */
function serve(open: Order[], awaiting: Order[] = []) {
  return mockApi((url, init) => {
    if (url === "/api/order/seller?open=true") return { body: { success: true, orders: open } };
    if (url === "/api/order/seller?refundDue=true") return { body: { success: true, orders: [] } };
    if (url === "/api/order/seller?status=Awaiting%20Payment")
      return { body: { success: true, orders: awaiting } };
    if (url === "/api/order/status" && init?.method === "POST") {
      const body = JSON.parse(init.body as string) as { orderId: string; status: Order["status"] };
      const order = [...open, ...awaiting].find((o) => o._id === body.orderId)!;
      return {
        body: {
          success: true,
          message: `Order #${body.orderId.slice(0, 8)} cancelled`,
          order: moved(order, body.status),
        },
      };
    }
    return undefined;
  });
}

const statusCalls = (calls: ReturnType<typeof serve>) =>
  calls
    .filter((c) => c.url === "/api/order/status")
    .map((c) => JSON.parse(c.init?.body as string) as object);

const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe("the seller's Cancel", () => {
  it("asks why in a dialog; Keep order or Escape sends nothing and gives the focus back", async () => {
    FakeEventSource.install();
    const calls = serve([makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(10) })]);
    const confirm = vi.spyOn(window, "confirm");
    renderApp(<SellerOrdersPage />, { path: "/seller/orders" });
    const ui = setup();
    const card = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    const cancel = within(card).getByRole("button", { name: "Cancel" });
    await ui.click(cancel);
    const dialog = screen.getByRole("dialog", { name: "Cancel order #aaaaaaaa?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription(
      "Its stock goes back on the shelf, and the shopper is told why.",
    );
    expect(within(dialog).getByRole("radio", { name: "An item is out of stock" })).toHaveFocus();
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["out_of_stock", "cannot_deliver", "shopper_asked", "other"]);
    await ui.click(within(dialog).getByRole("button", { name: "Keep order" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(cancel).toHaveFocus();

    await ui.click(cancel);
    await ui.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(statusCalls(calls)).toEqual([]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("needs a reason, and a note for another reason, then sends both", async () => {
    FakeEventSource.install();
    const calls = serve([makeOrder("aaaaaaaa-1", { deliverBy: minutesFromNow(10) })]);
    renderApp(<SellerOrdersPage />, { path: "/seller/orders" });
    const ui = setup();
    const card = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    await ui.click(within(card).getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog");
    await ui.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(within(dialog).getByText("Choose why the order is cancelled.")).toBeInTheDocument();
    await ui.click(within(dialog).getByRole("radio", { name: /Another reason/ }));
    await ui.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    const note = within(dialog).getByLabelText("Note for the shopper");
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute("aria-invalid", "true");
    expect(note).toHaveAccessibleDescription(
      "Optional, at most 200 characters; needed for another reason. Say in the note why the order is cancelled: the shopper reads it.",
    );
    expect(statusCalls(calls)).toEqual([]);
    await ui.type(note, "  Our van broke down today. ");
    await ui.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Order #aaaaaaaa cancelled")).toBeInTheDocument();
    expect(statusCalls(calls)).toEqual([
      {
        orderId: "aaaaaaaa-1",
        status: "Cancelled",
        reason: "other",
        note: "Our van broke down today.",
      },
    ]);
  });

  it("is offered on a checkout awaiting payment, saying its hold ends", async () => {
    FakeEventSource.install();
    const unpaid = makeOrder("dddddddd-4", {
      status: "Awaiting Payment",
      isPaid: false,
      history: [{ status: "Awaiting Payment", at: "2026-11-22T10:00:00.000Z" }],
    });
    const calls = serve([], [unpaid]);
    renderApp(<SellerOrdersPage />, { path: "/seller/orders?status=Awaiting%20Payment" });
    const ui = setup();
    const card = await screen.findByRole("article", { name: "Order dddddddd" });
    await ui.click(within(card).getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveAccessibleDescription(
      "Its hold ends and its stock goes back on the shelf; its payment page is closed. The shopper is told why.",
    );
    await ui.click(within(dialog).getByRole("radio", { name: "An item is out of stock" }));
    await ui.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    await waitFor(() =>
      expect(statusCalls(calls)).toEqual([
        { orderId: "dddddddd-4", status: "Cancelled", reason: "out_of_stock" },
      ]),
    );
    expect(await screen.findByText("Order #dddddddd cancelled")).toBeInTheDocument();
  });
});
