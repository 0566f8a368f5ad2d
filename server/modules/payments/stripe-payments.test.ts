import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import { idempotencyKeys, orders, paymentEvents, products } from "../../db/schema";
import { requestHash } from "../orders/order-placement";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { cancelExpiredPayments } from "./payment-sweeper";
import { createStripeProvider, type StripeClient } from "./stripe-provider";

// Stripe cannot be reached from here: sessions are created through a fake client at the SDK's
// boundary, and webhook events are signed offline with the SDK's own test helper.
const WEBHOOK_SECRET = "whsec_test_greencart";
const created: Stripe.Checkout.SessionCreateParams[] = [];
const expired: string[] = [];
const refunds: { params: Stripe.RefundCreateParams; idempotencyKey?: string }[] = [];
/** The next session's creation fails as an unreachable Stripe does. */
let stripeDown = false;
const fakeClient: StripeClient = {
  checkout: {
    sessions: {
      create: async (params) => {
        if (stripeDown) {
          stripeDown = false;
          throw new Stripe.errors.StripeConnectionError({ message: "connect ETIMEDOUT" });
        }
        created.push(params);
        const id = `cs_test_${created.length}_${Date.now()}`;
        return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
      },
      retrieve: async (id) => ({ payment_intent: `pi_for_${id}` }),
      expire: async (id) => {
        expired.push(id);
        return {};
      },
    },
  },
  refunds: {
    create: async (params, options) => {
      refunds.push({ params, idempotencyKey: options?.idempotencyKey });
      return { id: `re_${refunds.length}` };
    },
  },
};

const t = useTestApp(
  {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_offline",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
  { paymentProvider: createStripeProvider(fakeClient) },
);

async function checkout() {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const product = await insertProduct(t.database.db, {
    name: "Basmati Rice",
    price: 190,
    offerPrice: 170,
    stock: 5,
  });
  const response = await post(
    t.app,
    "/api/order/stripe",
    { items: [{ product: product.id, quantity: 2 }], address: address.id },
    shopper.cookies,
  );
  const params = created.at(-1)!;
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.userId, shopper.user.id));
  const sessionId = response.json<{ url: string }>().url.split("/").at(-1)!;
  return { ...shopper, product, response, params, order: order!, sessionId };
}

/**
 * A shopper's online checkout of `quantity` Ghee (5 in stock) while Stripe cannot be reached: the
 * request, its Idempotency-Key (the cart page sends one key for the same products and quantities,
 * press after press), the answer, and the order it left.
 */
async function checkoutWhileStripeIsDown(quantity: number) {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const product = await insertProduct(t.database.db, { name: "Ghee", stock: 5 });
  const body = { items: [{ product: product.id, quantity }], address: address.id };
  const key = { "idempotency-key": "cart-attempt-1" };
  stripeDown = true;
  const failed = await post(t.app, "/api/order/stripe", body, shopper.cookies, key);
  const [first] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.userId, shopper.user.id));
  return { shopper, product, body, key, failed, first: first! };
}

let eventCounter = 0;
function signedEvent(
  type: string,
  sessionId: string,
  orderId: string,
  extra: Record<string, unknown> = {},
  options: { timestamp?: number; id?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${++eventCounter}`,
    object: "event",
    type,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        metadata: { orderId },
        ...extra,
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: {
      "content-type": "application/json",
      "sec-fetch-site": "cross-site",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
    payload,
  });
}

const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

describe("Stripe checkout", () => {
  it("creates a Checkout Session in INR paise with one line per product, the order id and a 30-minute expiry", async () => {
    const { response, params, order } = await checkout();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      orderId: order.id,
    });
    expect(params).toMatchObject({
      mode: "payment",
      currency: "inr",
      line_items: [
        {
          quantity: 2,
          price_data: {
            currency: "inr",
            unit_amount: 17000,
            product_data: { name: "Basmati Rice" },
          },
        },
      ],
      metadata: { orderId: order.id },
      success_url: "http://localhost:3000/loader?next=my-orders",
      cancel_url: "http://localhost:3000/cart?payment=cancelled",
    });
    const minutes = (params.expires_at! * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(30);
    expect(minutes).toBeLessThan(31);
    expect(order.status).toBe("Awaiting Payment");
  });

  it("cancels the order and gives its stock back when Stripe cannot be reached; the same request again (its Idempotency-Key) then opens a new checkout", async () => {
    const { shopper, product, body, key, failed, first } = await checkoutWhileStripeIsDown(2);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      code: "unavailable",
      message:
        "Online payment is unavailable right now. Please try again or choose Cash On Delivery.",
    });
    expect(first).toMatchObject({ status: "Cancelled" });
    expect(await stockOf(product.id)).toBe(5);

    // "Please try again": every press got 409 "still being prepared" for ever, before.
    const again = await post(t.app, "/api/order/stripe", body, shopper.cookies, key);
    expect(again.statusCode).toBe(200);
    const { orderId, url } = again.json<{ orderId: string; url: string }>();
    expect(orderId).not.toBe(first.id);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(await orderRow(orderId)).toMatchObject({ status: "Awaiting Payment" });
    expect(await stockOf(product.id)).toBe(3);
    // And that checkout is the key's now: a repeat answers with it, placing nothing.
    const repeat = await post(t.app, "/api/order/stripe", body, shopper.cookies, key);
    expect(repeat.json()).toMatchObject({ orderId, url });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("answers a repeat that finds its key on an order cancelled without a checkout as that order's request was answered, and frees the key", async () => {
    const { shopper, body, key, failed, first: cancelled } = await checkoutWhileStripeIsDown(1);
    expect(failed.statusCode).toBe(503);
    // The key still on that order: a twin request that found it before it was freed, or a
    // database from before keys were freed.
    const [kept] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, shopper.user.id));
    expect(kept).toBeUndefined();
    await t.database.db.insert(idempotencyKeys).values({
      userId: shopper.user.id,
      key: key["idempotency-key"],
      requestHash: requestHash("Online", body),
      orderId: cancelled.id,
    });
    const repeat = await post(t.app, "/api/order/stripe", body, shopper.cookies, key);
    expect(repeat.statusCode).toBe(503);
    expect(repeat.json()).toMatchObject({ code: "unavailable" });
    const next = await post(t.app, "/api/order/stripe", body, shopper.cookies, key);
    expect(next.statusCode).toBe(200);
  });
});

describe("Stripe webhook", () => {
  it("marks the order paid once; the same event again changes nothing", async () => {
    const { order, sessionId, cookies } = await checkout();
    const { payload, signature } = signedEvent("checkout.session.completed", sessionId, order.id);
    const first = await deliver(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: "paid" });
    const again = await deliver(payload, signature);
    expect(again.json()).toEqual({ received: true, outcome: "duplicate" });
    const list = (await t.app.inject({ url: "/api/order/user", cookies })).json<{
      orders: Order[];
    }>().orders;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: "Order Placed", isPaid: true });
    expect(list[0]!.history.map((h) => h.status)).toEqual(["Awaiting Payment", "Order Placed"]);
    expect(await t.database.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it("records an event naming a session and order this store does not have (another shop on the account) and answers 200", async () => {
    const strangerOrder = "0b8f3c1e-4d2a-4f6b-9e1d-2c3b4a5d6e7f";
    const { payload, signature } = signedEvent(
      "checkout.session.completed",
      "cs_test_of_another_shop",
      strangerOrder,
    );
    const response = await deliver(payload, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "unknown_session" });
    const [recorded] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, (JSON.parse(payload) as { id: string }).id));
    expect(recorded).toMatchObject({ orderId: null, outcome: "unknown_session" });
  });

  it("refuses a tampered body, a missing or wrong signature and a stale timestamp with 400, changing nothing", async () => {
    const { order, sessionId } = await checkout();
    const { payload, signature } = signedEvent("checkout.session.completed", sessionId, order.id);
    const tampered = payload
      .replace('"paid"', '"paid" ')
      .replace("checkout.session.completed", "checkout.session.completed ");
    const stale = signedEvent(
      "checkout.session.completed",
      sessionId,
      order.id,
      {},
      { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 },
    );
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_someone_else",
    });
    for (const [body, sig] of [
      [tampered, signature],
      [payload, undefined],
      [payload, "t=1,v1=deadbeef"],
      [payload, wrongSecret],
      [stale.payload, stale.signature],
    ] as const) {
      const response = await deliver(body, sig);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: "bad_request" });
    }
    expect(await orderRow(order.id)).toMatchObject({ status: "Awaiting Payment", isPaid: false });
    expect(await t.database.db.select().from(paymentEvents)).toEqual([]);
  });

  it("does not cancel a paid order when `expired` arrives after `completed`", async () => {
    const { order, sessionId, product } = await checkout();
    const completed = signedEvent("checkout.session.completed", sessionId, order.id);
    await deliver(completed.payload, completed.signature);
    const expired = signedEvent("checkout.session.expired", sessionId, order.id, {
      payment_status: "unpaid",
    });
    expect((await deliver(expired.payload, expired.signature)).json()).toEqual({
      received: true,
      outcome: "ignored",
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "Order Placed", isPaid: true });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("cancels and returns the stock on `expired` or a failed async payment; waits on an unpaid `completed`", async () => {
    const first = await checkout();
    const pending = signedEvent("checkout.session.completed", first.sessionId, first.order.id, {
      payment_status: "unpaid",
    });
    expect((await deliver(pending.payload, pending.signature)).json()).toMatchObject({
      outcome: "ignored",
    });
    const failed = signedEvent(
      "checkout.session.async_payment_failed",
      first.sessionId,
      first.order.id,
    );
    expect((await deliver(failed.payload, failed.signature)).json()).toMatchObject({
      outcome: "cancelled",
    });
    expect(await orderRow(first.order.id)).toMatchObject({ status: "Cancelled", isPaid: false });
    expect(await stockOf(first.product.id)).toBe(5);
  });

  it("records a payment that arrives after the hold lapsed for a refund, without resurrecting stock", async () => {
    const { order, sessionId, product, cookies: shopperCookies } = await checkout();
    expect(await cancelExpiredPayments(t.database.db, new Date(Date.now() + 40 * 60_000))).toBe(1);
    expect(await stockOf(product.id)).toBe(5);
    const late = signedEvent("checkout.session.completed", sessionId, order.id);
    expect((await deliver(late.payload, late.signature)).json()).toEqual({
      received: true,
      outcome: "refund_needed",
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: "Cancelled",
      isPaid: false,
      needsRefund: true,
    });
    expect(await stockOf(product.id)).toBe(5);
    const [event] = await t.database.db.select().from(paymentEvents);
    expect(event?.outcome).toBe("refund_needed");

    // The shopper paid, so the order shows up again for both sides: cancelled, refund due.
    const seller = await createSeller(t.database.db);
    for (const [url, cookies] of [
      ["/api/order/user", shopperCookies],
      ["/api/order/seller", seller.cookies],
    ] as const) {
      const listed = (await t.app.inject({ url, cookies })).json<{ orders: Order[] }>().orders;
      expect(listed).toEqual([
        expect.objectContaining({
          _id: order.id,
          status: "Cancelled",
          isPaid: false,
          refundDue: true,
        }),
      ]);
    }
  });

  it("sends an owed refund through Stripe once, with one idempotency key; charge.refunded changes nothing more", async () => {
    const { order, sessionId, product } = await checkout();
    expect(await cancelExpiredPayments(t.database.db, new Date(Date.now() + 40 * 60_000))).toBe(1);
    const late = signedEvent("checkout.session.completed", sessionId, order.id);
    await deliver(late.payload, late.signature);
    const seller = await createSeller(t.database.db);
    refunds.length = 0;
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(t.app, "/api/order/refund", { orderId: order.id }, seller.cookies)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(refunds).toEqual([
      {
        params: {
          payment_intent: `pi_for_${sessionId}`,
          amount: 34000,
          metadata: { orderId: order.id },
        },
        idempotencyKey: `refund-${order.id}`,
      },
    ]);
    const refunded = await orderRow(order.id);
    expect(refunded).toMatchObject({ needsRefund: false, refundReference: "re_1" });
    expect(refunded.refundedAt).not.toBeNull();

    const event = signedEvent("charge.refunded", sessionId, order.id, { object: "charge" });
    expect((await deliver(event.payload, event.signature)).json()).toEqual({
      received: true,
      outcome: "ignored",
    });
    expect(await orderRow(order.id)).toEqual(refunded);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("closes a replaced Stripe checkout when the shopper starts a newer one of the same cart", async () => {
    const first = await checkout();
    expired.length = 0;
    const again = await post(
      t.app,
      "/api/order/stripe",
      {
        items: [{ product: first.product.id, quantity: 2 }],
        address: (await t.app.inject({ url: "/api/address/get", cookies: first.cookies })).json<{
          addresses: { _id: string }[];
        }>().addresses[0]!._id,
      },
      first.cookies,
    );
    expect(again.statusCode).toBe(200);
    expect(expired).toEqual([first.sessionId]);
    expect(await orderRow(first.order.id)).toMatchObject({ status: "Cancelled" });
  });
});
