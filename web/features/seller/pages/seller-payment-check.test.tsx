import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SELLER_LIST_LIMIT, type Order } from "../../../../contract/order";
import type { ShopSettings } from "../../../../contract/seller";
import { shopSettings } from "../../../test/dashboard-fixture";
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder } from "../../../test/order-fixture";
import { mockApi, renderApp } from "../../../test/render";
import { fakeQueueClock, moved } from "../../../test/seller-queue-clock";
import { SellerOrdersPage } from "./seller-orders-page";

// "Check with Razorpay" on the seller's orders awaiting payment, and the payment's id and method
// on a paid order.
fakeQueueClock();

const unpaid = makeOrder("eeeeeeee-5", {
  status: "Awaiting Payment",
  paymentType: "Online",
  isPaid: false,
});

function serve(provider: ShopSettings["paymentProvider"], orders: Order[], awaiting: Order[]) {
  return mockApi((url, init) => {
    if (url === "/api/seller/shop") return { body: shopSettings("Asia/Kolkata", provider) };
    if (url === "/api/order/seller?open=true") return { body: { success: true, orders } };
    if (url === "/api/order/seller?refundDue=true") return { body: { success: true, orders: [] } };
    if (url === `/api/order/seller?limit=${SELLER_LIST_LIMIT}`)
      return { body: { success: true, orders, nextCursor: null } };
    if (url === "/api/order/seller?status=Awaiting%20Payment")
      return { body: { success: true, orders: awaiting } };
    if (url === "/api/order/payment-check" && init?.method === "POST") {
      const paid = {
        ...moved(unpaid, "Order Placed"),
        isPaid: true,
        paymentId: "pay_Checked123",
        paymentMethod: "upi",
      };
      return {
        body: {
          success: true,
          message: "Razorpay says it was paid: the order is placed.",
          order: paid,
        },
      };
    }
    return undefined;
  });
}

const render = () =>
  renderApp(<SellerOrdersPage />, {
    path: "/seller/orders?status=Awaiting%20Payment",
    pattern: "/seller/orders",
  });

describe("Check with Razorpay", () => {
  it("asks the server about an order awaiting payment and toasts its answer", async () => {
    FakeEventSource.install();
    const calls = serve("razorpay", [], [unpaid]);
    render();
    const card = await screen.findByRole("article", { name: "Order eeeeeeee" });
    await userEvent.click(await within(card).findByRole("button", { name: "Check with Razorpay" }));
    expect(
      await screen.findByText("Razorpay says it was paid: the order is placed."),
    ).toBeInTheDocument();
    const check = calls.find((c) => c.url === "/api/order/payment-check");
    expect(JSON.parse(check?.init?.body as string)).toEqual({ orderId: "eeeeeeee-5" });
  });

  it("is not offered when another provider takes the payments", async () => {
    FakeEventSource.install();
    serve("demo", [], [unpaid]);
    render();
    const card = await screen.findByRole("article", { name: "Order eeeeeeee" });
    await screen.findByText(/Payment: Pending/);
    expect(within(card).queryByRole("button", { name: "Check with Razorpay" })).toBeNull();
  });
});

describe("a paid order's payment", () => {
  it("shows the seller its payment id and method", async () => {
    FakeEventSource.install();
    const paid = makeOrder("aaaaaaaa-1", {
      paymentType: "Online",
      isPaid: true,
      paymentId: "pay_Seen456",
      paymentMethod: "upi",
    });
    serve("razorpay", [paid], []);
    renderApp(<SellerOrdersPage />, { path: "/seller/orders", pattern: "/seller/orders" });
    const card = await screen.findByRole("article", { name: "Order aaaaaaaa" });
    expect(within(card).getByText("Method: Online · Payment: Paid by UPI")).toBeInTheDocument();
    expect(within(card).getByText("pay_Seen456")).toBeInTheDocument();
  });
});
