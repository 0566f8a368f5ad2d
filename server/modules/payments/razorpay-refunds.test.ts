import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import { orderStatusHistory, orders } from "../../db/schema";
import { razorpayKeys, useRazorpayStore } from "../../test/razorpay-store";
import { webhookDelivery } from "../../test/razorpay-double";
import { createSeller } from "../../test/sessions";
import { post } from "../../test/shop";
import { cancelExpiredPayments } from "./payment-sweeper";

// Refunds and the seller's "Check with Razorpay", against the loopback double of Razorpay's API.
const { double, t, checkout, deliver, paidEvent, orderRow, stockOf } = await useRazorpayStore();

const refunds = () => double.sent("POST", /^\/v1\/payments\/pay_\w+\/refund$/);

/** An order paid through its link, then cancelled by the seller: its refund is due. */
async function paidThenCancelled() {
  const seller = await createSeller(t.database.db);
  const placed = await checkout(2);
  await deliver(paidEvent(placed.link));
  await post(
    t.app,
    "/api/order/status",
    { orderId: placed.orderId, status: "Cancelled", reason: "out_of_stock" },
    seller.cookies,
  );
  return { seller, ...placed };
}

describe("Razorpay refunds", () => {
  it("a refund retried 5 times reaches Razorpay once, for the amount in paise, naming the payment", async () => {
    const { seller, orderId, link } = await paidThenCancelled();
    expect(await orderRow(orderId)).toMatchObject({ needsRefund: true });
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await post(t.app, "/api/order/refund", { orderId }, seller.cookies));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 409, 409, 409]);
    expect(refunds()).toHaveLength(1);
    const [sent] = refunds();
    expect(sent!.path).toBe(`/v1/payments/${link.payments![0]!.payment_id}/refund`);
    expect(sent!.body).toMatchObject({ amount: 34000 });
    expect(sent!.headers["x-refund-idempotency"]).toBe(`refund-${orderId}`);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ needsRefund: false });
    expect(order.refundReference).toMatch(/^rfnd_/);
  });

  it("5 refunds clicked at once reach Razorpay once", async () => {
    const { seller, orderId } = await paidThenCancelled();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => post(t.app, "/api/order/refund", { orderId }, seller.cookies)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(refunds()).toHaveLength(1);
  });

  it("a refund Razorpay failed may be asked again, with the same idempotency key", async () => {
    const { seller, orderId } = await paidThenCancelled();
    double.failNext();
    const failed = await post(t.app, "/api/order/refund", { orderId }, seller.cookies);
    expect(failed.statusCode).toBe(503);
    expect(await orderRow(orderId)).toMatchObject({ needsRefund: true, refundedAt: null });
    const again = await post(t.app, "/api/order/refund", { orderId }, seller.cookies);
    expect(again.statusCode).toBe(200);
    expect(new Set(refunds().map((r) => r.headers["x-refund-idempotency"]))).toEqual(
      new Set([`refund-${orderId}`]),
    );
  });
});

describe("Razorpay expiry", () => {
  it("the store's own sweep cancels a lapsed order and returns its stock even if no event comes; the late expired event changes nothing", async () => {
    const { orderId, link, product } = await checkout(2);
    expect(await stockOf(product.id)).toBe(3);
    await t.database.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    expect(await cancelExpiredPayments(t.database.db)).toBe(1);
    expect(await stockOf(product.id)).toBe(5);
    const expired = webhookDelivery("payment_link.expired", link, razorpayKeys.webhookSecret);
    expect((await deliver(expired)).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("Razorpay links given up", () => {
  it("an order the seller cancels while it awaits payment has its link cancelled at Razorpay, so it can no longer be paid", async () => {
    const seller = await createSeller(t.database.db);
    const { orderId, link, product } = await checkout(2);
    const cancelled = await post(
      t.app,
      "/api/order/status",
      { orderId, status: "Cancelled", reason: "out_of_stock" },
      seller.cookies,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(double.sent("POST", `/v1/payment_links/${link.id}/cancel`)).toHaveLength(1);
    expect(link.status).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("Razorpay payment after the hold lapsed", () => {
  it("money paid after the sweep cancelled the order leaves it cancelled, its stock on the shelf, and a refund due that reaches Razorpay once", async () => {
    const seller = await createSeller(t.database.db);
    const { orderId, link, product } = await checkout(2);
    await t.database.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    expect(await cancelExpiredPayments(t.database.db)).toBe(1);
    const late = paidEvent(link);
    expect((await deliver(late)).json()).toEqual({ received: true, outcome: "refund_needed" });
    expect(await orderRow(orderId)).toMatchObject({
      status: "Cancelled",
      isPaid: false,
      needsRefund: true,
      paymentId: link.payments![0]!.payment_id,
    });
    expect(await stockOf(product.id)).toBe(5);
    expect((await post(t.app, "/api/order/refund", { orderId }, seller.cookies)).statusCode).toBe(
      200,
    );
    expect(refunds().map((r) => r.path)).toEqual([
      `/v1/payments/${link.payments![0]!.payment_id}/refund`,
    ]);
  });
});

describe("Check with Razorpay", () => {
  const check = (orderId: string, cookies: Record<string, string>) =>
    post(t.app, "/api/order/payment-check", { orderId }, cookies);

  it("a payment whose webhook never came: the check finds the link paid and places the order, once", async () => {
    const seller = await createSeller(t.database.db);
    const { orderId, link } = await checkout();
    double.pay(link.id, "netbanking");
    const first = await check(orderId, seller.cookies);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ order: Order; message: string }>()).toMatchObject({
      message: "Razorpay says it was paid: the order is placed.",
      order: {
        status: "Order Placed",
        isPaid: true,
        paymentId: link.payments![0]!.payment_id,
        paymentMethod: "netbanking",
      },
    });
    expect(double.sent("GET", `/v1/payment_links/${link.id}`)).toHaveLength(1);
    // The webhook, late, and a second check change nothing more.
    const late = webhookDelivery("payment_link.paid", link, razorpayKeys.webhookSecret, {
      payment: { id: link.payments![0]!.payment_id },
    });
    expect((await deliver(late)).json()).toEqual({ received: true, outcome: "ignored" });
    expect((await check(orderId, seller.cookies)).json()).toMatchObject({
      message: "Razorpay says nothing new: the order already shows this.",
    });
    const history = (await orderRow(orderId)).placedAt;
    expect(history).not.toBeNull();
  });

  it("a check racing the webhook: one Order Placed", async () => {
    const seller = await createSeller(t.database.db);
    const { orderId, link } = await checkout();
    const delivery = paidEvent(link);
    const answers = await Promise.all([
      check(orderId, seller.cookies),
      deliver(delivery),
      check(orderId, seller.cookies),
      deliver(delivery),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => h.toStatus)).toEqual(["Awaiting Payment", "Order Placed"]);
  });

  it("an expired link: the check cancels the order and returns its stock; a link still open changes nothing", async () => {
    const seller = await createSeller(t.database.db);
    const open = await checkout(1, 5);
    expect((await check(open.orderId, seller.cookies)).json()).toMatchObject({
      order: { status: "Awaiting Payment" },
    });
    const { orderId, link, product } = await checkout(2, 5);
    link.status = "expired";
    const answer = await check(orderId, seller.cookies);
    expect(answer.json()).toMatchObject({ order: { status: "Cancelled", isPaid: false } });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("is the seller's: a shopper gets 401; Razorpay down answers 503 and changes nothing", async () => {
    const seller = await createSeller(t.database.db);
    const { orderId, cookies, link } = await checkout();
    expect((await check(orderId, cookies)).statusCode).toBe(401);
    double.pay(link.id);
    double.failNext();
    const down = await check(orderId, seller.cookies);
    expect(down.statusCode).toBe(503);
    expect(await orderRow(orderId)).toMatchObject({ status: "Awaiting Payment" });
  });
});
