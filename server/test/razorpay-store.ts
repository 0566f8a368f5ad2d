import { eq } from "drizzle-orm";
import { afterAll, beforeEach } from "vitest";
import { orders, paymentEvents, products } from "../db/schema";
import { insertProduct } from "./factories";
import { startRazorpayDouble, webhookDelivery, type DoubleLink } from "./razorpay-double";
import { createShopper } from "./sessions";
import { insertAddress, post } from "./shop";
import { useTestApp } from "./test-app";

/** The keys a test store and its Razorpay double share. */
export const razorpayKeys = {
  keyId: "rzp_test_GreenCart",
  keySecret: "key-secret-for-tests",
  webhookSecret: "webhook-secret-for-tests",
};

/** Razorpay's settings for a store whose SDK talks to the double at `apiUrl`. */
export const razorpayEnv = (apiUrl: string) => ({
  PAYMENT_PROVIDER: "razorpay",
  RAZORPAY_KEY_ID: razorpayKeys.keyId,
  RAZORPAY_KEY_SECRET: razorpayKeys.keySecret,
  RAZORPAY_WEBHOOK_SECRET: razorpayKeys.webhookSecret,
  RAZORPAY_API_URL: apiUrl,
});

/**
 * A test store on PAYMENT_PROVIDER=razorpay, its official SDK talking to a Razorpay double on
 * loopback (call at a test file's top level, with await), and what its tests do with it.
 */
export async function useRazorpayStore() {
  const double = await startRazorpayDouble(razorpayKeys);
  afterAll(() => double.close());
  beforeEach(() => double.reset());
  const t = useTestApp(razorpayEnv(double.url));

  /** A shopper's online checkout of `quantity` of a product (`stock` in stock), and its link. */
  async function checkout(quantity = 2, stock = 5) {
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, {
      name: "Basmati Rice",
      price: 190,
      offerPrice: 170,
      stock,
    });
    const response = await post(
      t.app,
      "/api/order/stripe",
      { items: [{ product: product.id, quantity }], address: address.id },
      shopper.cookies,
    );
    if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
    const { orderId, url } = response.json<{ orderId: string; url: string }>();
    const link = double.links.get(url.split("/").at(-1)!)!;
    return { ...shopper, product, response, orderId, url, link };
  }

  /** Delivers a webhook (a body and its headers, as webhookDelivery makes them). */
  const deliver = (delivery: { body: string | Buffer; headers: Record<string, string> }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: { ...delivery.headers, "sec-fetch-site": "cross-site" },
      payload: delivery.body,
    });

  /** The signed `payment_link.paid` of a link (Razorpay's payment recorded at the double). */
  function paidEvent(link: DoubleLink, options: { eventId?: string; method?: string } = {}) {
    const paymentId = double.pay(link.id, options.method);
    return webhookDelivery("payment_link.paid", link, razorpayKeys.webhookSecret, {
      payment: { id: paymentId, method: options.method ?? "upi" },
      eventId: options.eventId,
    });
  }

  const orderRow = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
  const eventsOf = (orderId: string) =>
    t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));

  return { double, t, checkout, deliver, paidEvent, orderRow, stockOf, eventsOf };
}
