import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import { orderStatusHistory, orders, paymentEvents, products } from "../../db/schema";
import { callbackQuery, webhookDelivery } from "../../test/razorpay-double";
import { razorpayKeys, useRazorpayStore } from "../../test/razorpay-store";
import { PAYMENT_HOLD_MINUTES } from "../orders/order-limits";

// Razorpay through the official SDK against a loopback double of its API (RAZORPAY_API_URL).
const { double, t, checkout, deliver, paidEvent, orderRow, stockOf, eventsOf } =
  await useRazorpayStore();

const historyOf = async (orderId: string) =>
  (
    await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
  ).map((h) => h.toStatus);

describe("Razorpay Payment Link", () => {
  it("opens one link per online order: amount in paise, INR, the order id as reference, expiring with the hold, the callback, UPI link off", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { response, orderId, url, link } = await checkout(2);
    expect(response.json()).toEqual({ success: true, url: link.short_url, orderId });
    expect(url).toBe(`${double.url}/pay/${link.id}`);
    const [sent] = double.sent("POST", "/v1/payment_links");
    expect(sent!.body).toMatchObject({
      amount: 34000,
      currency: "INR",
      reference_id: orderId,
      callback_url: "http://localhost:3000/api/payments/razorpay/callback",
      callback_method: "get",
      upi_link: false,
      accept_partial: false,
    });
    expect(sent!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${razorpayKeys.keyId}:${razorpayKeys.keySecret}`).toString("base64")}`,
    );
    const order = await orderRow(orderId);
    expect(order.status).toBe("Awaiting Payment");
    // expire_by is the hold's end, to the second.
    expect(link.expire_by).toBe(Math.floor(order.paymentExpiresAt!.getTime() / 1000));
    expect(link.expire_by - before).toBeGreaterThanOrEqual(PAYMENT_HOLD_MINUTES * 60 - 1);
  });

  it("cancels the order and returns the stock when Razorpay answers 500", async () => {
    double.failNext();
    await expect(checkout(2)).rejects.toThrow(/unavailable/);
    const [order] = await t.database.db.select().from(orders);
    expect(order!.status).toBe("Cancelled");
    expect((await t.database.db.select().from(products))[0]!.stock).toBe(5);
  });
});

describe("Razorpay webhook", () => {
  it("a signed payment_link.paid marks the order paid and Order Placed, keeping the payment id and method; the same event 3 times changes nothing more", async () => {
    const { orderId, link, cookies } = await checkout();
    const delivery = paidEvent(link, { eventId: "evt_paid_once" });
    const outcomes = [];
    for (let i = 0; i < 3; i++)
      outcomes.push((await deliver(delivery)).json<{ outcome: string }>().outcome);
    expect(outcomes).toEqual(["paid", "duplicate", "duplicate"]);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "Order Placed", isPaid: true, paymentMethod: "upi" });
    expect(order.paymentId).toBe(link.payments![0]!.payment_id);
    expect(await historyOf(orderId)).toEqual(["Awaiting Payment", "Order Placed"]);
    expect(await eventsOf(orderId)).toHaveLength(1);
    const mine = await t.app.inject({ url: `/api/order/${orderId}`, cookies });
    expect(mine.json<{ order: Order }>().order).toMatchObject({
      paymentId: order.paymentId,
      paymentMethod: "upi",
    });
  });

  it("1,000 deliveries of paid, expired and cancelled events, shuffled and duplicated over 5 orders: exactly one Order Placed per order, nothing else changed", async () => {
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await checkout(1, 10));
    const distinct = placed.flatMap(({ link }, i) => [
      paidEvent(link, { eventId: `evt_paid_${i}` }),
      webhookDelivery("payment_link.expired", link, razorpayKeys.webhookSecret, {
        eventId: `evt_expired_${i}`,
      }),
      webhookDelivery("payment_link.cancelled", link, razorpayKeys.webhookSecret, {
        eventId: `evt_cancelled_${i}`,
      }),
    ]);
    // The paid event of each order comes first among its own events, so that all orders end paid
    // (a cancellation first would leave an order cancelled with a refund due, a legal outcome).
    const deliveries = [...distinct.filter((_, i) => i % 3 === 0)];
    const rest = Array.from({ length: 1000 - deliveries.length }, (_, i) => distinct[i % 15]!);
    let seed = 44;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
    deliveries.push(...rest);
    // The paid events are answered before the rest go out, 20 at a time: sent together, on
    // PostgreSQL a cancellation may take the order's lock first (the legal end then is cancelled,
    // refund due).
    const statuses = (await Promise.all(deliveries.splice(0, 5).map((d) => deliver(d)))).map(
      (r) => r.statusCode,
    );
    for (let i = 0; i < deliveries.length; i += 20)
      statuses.push(
        ...(await Promise.all(deliveries.slice(i, i + 20).map((d) => deliver(d)))).map(
          (r) => r.statusCode,
        ),
      );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const ids = placed.map((p) => p.orderId);
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((r) => [r.status, r.isPaid, r.needsRefund])).toEqual(
      ids.map(() => ["Order Placed", true, false]),
    );
    for (const id of ids) expect(await historyOf(id)).toEqual(["Awaiting Payment", "Order Placed"]);
    expect(await t.database.db.select().from(paymentEvents)).toHaveLength(15);
    // Each order holds its unit: 10 in stock, 1 sold, none returned.
    for (const { product } of placed) expect(await stockOf(product.id)).toBe(9);
  });

  it("answers 400 and changes nothing when the body or the signature is off by one byte, or missing", async () => {
    const { orderId, link } = await checkout();
    const good = paidEvent(link);
    const body = Buffer.from(good.body);
    const at = body.indexOf("captured");
    const tampered = Buffer.from(body);
    tampered[at] = tampered[at]! ^ 1;
    const badSignature =
      good.headers["x-razorpay-signature"].slice(0, -1) +
      (good.headers["x-razorpay-signature"].endsWith("0") ? "1" : "0");
    const answers = [
      await deliver({ body: tampered, headers: good.headers }),
      await deliver({
        body: good.body,
        headers: { ...good.headers, "x-razorpay-signature": badSignature },
      }),
      await deliver({
        body: good.body,
        headers: { ...good.headers, "x-razorpay-signature": "" },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(await orderRow(orderId)).toMatchObject({ status: "Awaiting Payment", isPaid: false });
    expect(await t.database.db.select().from(paymentEvents)).toHaveLength(0);
    // The same delivery, untouched, is taken.
    expect((await deliver(good)).json()).toEqual({ received: true, outcome: "paid" });
  });

  it("verifies the raw bytes: a body differing only in one invalid UTF-8 byte (the same text once decoded) answers 400", async () => {
    const { orderId, link } = await checkout();
    const good = paidEvent(link);
    // A body with an invalid UTF-8 byte in a note, signed over its bytes...
    const withByte = (byte: number) =>
      Buffer.concat([
        Buffer.from(good.body.slice(0, -1)),
        Buffer.from(`,"x":"`),
        Buffer.from([byte]),
        Buffer.from(`"}`),
      ]);
    const signed = withByte(0xff);
    const { createHmac } = await import("node:crypto");
    const signature = createHmac("sha256", razorpayKeys.webhookSecret).update(signed).digest("hex");
    // ...and another whose byte differs (0xfe): both decode to the same text ("\ufffd").
    const forged = withByte(0xfe);
    expect(forged.toString("utf8")).toBe(signed.toString("utf8"));
    const answer = await deliver({
      body: forged,
      headers: { ...good.headers, "x-razorpay-signature": signature },
    });
    expect(answer.statusCode).toBe(400);
    expect(await orderRow(orderId)).toMatchObject({ status: "Awaiting Payment", isPaid: false });
  });

  it("payment_link.expired cancels the unpaid order and returns its stock", async () => {
    const { orderId, link, product } = await checkout(2);
    expect(await stockOf(product.id)).toBe(3);
    const expired = webhookDelivery("payment_link.expired", link, razorpayKeys.webhookSecret);
    expect((await deliver(expired)).json()).toEqual({ received: true, outcome: "cancelled" });
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", isPaid: false });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("a payment after the hold lapsed leaves the order cancelled with a refund due, its payment kept", async () => {
    const { orderId, link, product } = await checkout(2);
    const cancelled = webhookDelivery("payment_link.cancelled", link, razorpayKeys.webhookSecret);
    await deliver(cancelled);
    const late = paidEvent(link, { method: "card" });
    expect((await deliver(late)).json()).toEqual({ received: true, outcome: "refund_needed" });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "Cancelled", needsRefund: true, paymentMethod: "card" });
    expect(order.paymentId).toBe(link.payments![0]!.payment_id);
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("Razorpay callback", () => {
  const callback = (query: Record<string, string>) =>
    t.app.inject({
      url: `/api/payments/razorpay/callback?${new URLSearchParams(query)}`,
      headers: { "sec-fetch-site": "cross-site" },
    });

  it("racing the webhook, before or after it, only redirects: one Order Placed in all", async () => {
    const { orderId, link } = await checkout();
    const delivery = paidEvent(link);
    const query = callbackQuery(
      link,
      link.payments![0]!.payment_id,
      "paid",
      razorpayKeys.keySecret,
    );
    const early = await callback(query);
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe("http://localhost:3000/loader?next=my-orders");
    // The callback alone marks nothing paid.
    expect(await orderRow(orderId)).toMatchObject({ status: "Awaiting Payment", isPaid: false });
    const raced = await Promise.all([
      callback(query),
      deliver(delivery),
      callback(query),
      deliver(delivery),
    ]);
    expect(raced.map((r) => r.statusCode)).toEqual([303, 200, 303, 200]);
    expect(await historyOf(orderId)).toEqual(["Awaiting Payment", "Order Placed"]);
  });

  it("sends the shopper to the cart, never paid, when the signature fails or the link is not paid", async () => {
    const { orderId, link } = await checkout();
    const paymentId = double.pay(link.id);
    const good = callbackQuery(link, paymentId, "paid", razorpayKeys.keySecret);
    const answers = [
      await callback({ ...good, razorpay_signature: "0".repeat(64) }),
      await callback({ ...good, razorpay_payment_link_reference_id: crypto.randomUUID() }),
      await callback(callbackQuery(link, paymentId, "paid", "another-secret")),
      await callback(callbackQuery(link, paymentId, "partially_paid", razorpayKeys.keySecret)),
      await callback({}),
      await callback({ ...good, razorpay_signature: "f".repeat(5000) }),
    ];
    const repeated = await t.app.inject({
      url: `/api/payments/razorpay/callback?${new URLSearchParams(good)}&razorpay_signature=x`,
    });
    answers.push(repeated);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toMatch(/^http:\/\/localhost:3000\/cart/);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "Awaiting Payment", isPaid: false });
  });
});
