import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../../contract/order";
import { mockApi, renderApp } from "../../../test/render";
import { MyOrdersPage } from "./my-orders-page";

afterEach(() => vi.unstubAllGlobals());

const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };
const order = (id: string, overrides: Partial<Order>): Order => ({
  _id: id,
  items: [
    {
      product: {
        _id: "p1",
        name: "Basmati Rice",
        category: "Grains",
        image: ["/media/rice-large.webp"],
        price: 190,
        offerPrice: 170,
        weight: "1 kg",
      },
      quantity: 2,
    },
  ],
  amount: 340,
  paymentType: "Online",
  status: "Order Placed",
  isPaid: true,
  refundDue: false,
  address: {
    _id: "a1",
    firstName: "Asha",
    lastName: "Rao",
    email: "asha@example.com",
    street: "12 MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    zipcode: "560001",
    country: "India",
    phone: "9876543210",
  },
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  deliverBy: "2026-11-22T10:30:00.000Z",
  deliveredAt: null,
  refundedAt: null,
  history: [{ status: "Order Placed", at: "2026-11-22T10:00:00.000Z" }],
  ...overrides,
});

describe("my orders", () => {
  it("tells the shopper when money is owed back for a cancelled order", async () => {
    mockApi((url) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/order/user")
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
