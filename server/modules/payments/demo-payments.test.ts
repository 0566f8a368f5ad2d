import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import { queryRows } from "../../db/database";
import { orders, products, users } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { PublicUrls } from "../media/public-urls";
import { createDemoProvider } from "./demo-provider";
import { releaseOlderHolds } from "../orders/online-orders";
import { cancelExpiredPayments } from "./payment-sweeper";

const t = useTestApp();
const sameOrigin = { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" };

async function setUp(stock = 10) {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const product = await insertProduct(t.database.db, {
    name: "Alphonso <Mango>",
    price: 600,
    offerPrice: 540,
    stock,
  });
  await post(t.app, "/api/cart/update", { cartItems: { [product.id]: 2 } }, shopper.cookies);
  const checkout = await post(
    t.app,
    "/api/order/stripe",
    { items: [{ product: product.id, quantity: 2 }], address: address.id, userId: "x" },
    shopper.cookies,
  );
  return { ...shopper, address, product, checkout };
}

/** The hosted page's path (answers carry absolute URLs; inject takes paths). */
const pagePath = (url: string) => new URL(url).pathname;

const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const myOrders = async (cookies: Record<string, string>) =>
  (await t.app.inject({ url: "/api/order/user", cookies })).json<{ orders: Order[] }>().orders;

describe("online payment with the demo provider", () => {
  it("places a paid order end to end through the hosted page", async () => {
    const { cookies, product, checkout, user } = await setUp();
    expect(checkout.statusCode).toBe(200);
    const { url } = checkout.json<{ success: boolean; url: string }>();
    expect(checkout.json<{ url: string }>().url).toMatch(
      /^http:\/\/localhost:3000\/api\/payments\/demo\/demo_[\w-]{32}$/,
    );
    expect(await stockOf(product.id)).toBe(8);
    expect(await myOrders(cookies)).toEqual([]);

    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Demo payment");
    // The store's own icon, so the browser does not ask for a /favicon.ico that is not there.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.body).toContain("₹1,080.00");
    expect(page.body).toContain("Alphonso &lt;Mango&gt;");
    expect(page.body).not.toContain("<Mango>");
    expect(page.body).not.toMatch(/<script/i);

    const paid = await t.app.inject({
      method: "POST",
      url: `${url}/pay`,
      headers: { ...sameOrigin, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe("http://localhost:3000/loader?next=my-orders");

    const [order] = await myOrders(cookies);
    expect(order).toMatchObject({
      paymentType: "Online",
      status: "Order Placed",
      isPaid: true,
      amount: 1080,
    });
    expect(order!.history.map((h) => h.status)).toEqual(["Awaiting Payment", "Order Placed"]);
    expect(await stockOf(product.id)).toBe(8);
    expect(
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.cartItems,
    ).toEqual({});

    // A second click changes nothing; the page now says it is paid.
    await t.app.inject({ method: "POST", url: `${url}/pay`, headers: sameOrigin });
    expect(await myOrders(cookies)).toHaveLength(1);
    expect((await t.app.inject({ url })).body).toContain("Already paid");
    expect((await myOrders(cookies))[0]!.refundDue).toBe(false);

    // The seller cancels the paid order: stock back on the shelf, the money marked as owed back.
    const seller = await createSeller(t.database.db);
    const cancelled = await post(
      t.app,
      "/api/order/status",
      { orderId: order!._id, status: "Cancelled", reason: "out_of_stock" },
      seller.cookies,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
    expect((await myOrders(cookies))[0]).toMatchObject({
      status: "Cancelled",
      isPaid: true,
      refundDue: true,
    });
  });

  it("cancels through the hosted page: stock returned, order listed nowhere, cart kept", async () => {
    const { cookies, product, checkout, user } = await setUp();
    const url = pagePath(checkout.json<{ url: string }>().url);
    const cancelled = await t.app.inject({
      method: "POST",
      url: `${url}/cancel`,
      headers: sameOrigin,
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe("http://localhost:3000/cart?payment=cancelled");
    expect(await stockOf(product.id)).toBe(10);
    expect(await myOrders(cookies)).toEqual([]);
    expect(
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.cartItems,
    ).toEqual({ [product.id]: 2 });
    // Paying afterwards takes no money and cannot resurrect it.
    const late = await t.app.inject({ method: "POST", url: `${url}/pay`, headers: sameOrigin });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain("Payment closed");
    expect(await myOrders(cookies)).toEqual([]);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("refuses the pay button from another site, and unknown sessions", async () => {
    const { checkout } = await setUp();
    const url = pagePath(checkout.json<{ url: string }>().url);
    const forged = await t.app.inject({
      method: "POST",
      url: `${url}/pay`,
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/payments/demo/demo_unknown" })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/payments/demo/demo_unknown/pay",
          headers: sameOrigin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("validates like cash on delivery and answers the same URL for a repeated Idempotency-Key", async () => {
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, { stock: 1 });
    expect(
      (
        await post(
          t.app,
          "/api/order/stripe",
          { items: [{ product: product.id, quantity: 2 }], address: address.id },
          shopper.cookies,
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await post(
          t.app,
          "/api/order/stripe",
          { items: [{ product: product.id, quantity: 0 }], address: address.id },
          shopper.cookies,
        )
      ).statusCode,
    ).toBe(400);
    const headers = { "idempotency-key": "pay-1" };
    const body = { items: [{ product: product.id, quantity: 1 }], address: address.id };
    const first = await post(t.app, "/api/order/stripe", body, shopper.cookies, headers);
    const again = await post(t.app, "/api/order/stripe", body, shopper.cookies, headers);
    expect(first.json()).toMatchObject({ success: true });
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe("a double tap of one online checkout", () => {
  const status = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

  it("never cancels the order its twins answer with, even when a twin found the key unused", async () => {
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, { stock: 10 });
    const body = { items: [{ product: product.id, quantity: 1 }], address: address.id };
    const first = await post(t.app, "/api/order/stripe", body, shopper.cookies, {
      "idempotency-key": "tap-1",
    });
    const { orderId } = first.json<{ orderId: string }>();
    const deps = {
      database: t.database,
      db: t.database.db,
      provider: createDemoProvider(t.database.db),
      urls: new PublicUrls(t.config.publicUrl, t.config.mediaUrl),
    };
    // A twin that checked the key before the first committed, and looks for older checkouts of
    // the same cart after: the first's own order is not one of them.
    await releaseOlderHolds(deps, shopper.user.id, body, "tap-1");
    expect(await status(orderId)).toBe("Awaiting Payment");
    // A new checkout of the same cart (another key) still replaces it.
    await releaseOlderHolds(deps, shopper.user.id, body, "tap-2");
    expect(await status(orderId)).toBe("Cancelled");
  });

  it("answers three simultaneous requests with one order that stays open for payment", async () => {
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, { stock: 100 });
    const body = { items: [{ product: product.id, quantity: 1 }], address: address.id };
    for (let round = 0; round < 5; round++) {
      const headers = { "idempotency-key": `burst-${round}` };
      const answers = await Promise.all(
        [1, 2, 3].map(() => post(t.app, "/api/order/stripe", body, shopper.cookies, headers)),
      );
      const ids = new Set(
        answers
          .filter((a) => a.statusCode === 200)
          .map((a) => a.json<{ orderId: string }>().orderId),
      );
      expect(ids.size).toBe(1);
      expect(await status([...ids][0]!)).toBe("Awaiting Payment");
    }
  });
});

describe("the payment sweeper", () => {
  it("cancels unpaid orders past their hold and returns the stock exactly once", async () => {
    const { product, checkout } = await setUp();
    const url = pagePath(checkout.json<{ url: string }>().url);
    expect(await cancelExpiredPayments(t.database.db)).toBe(0);
    const later = new Date(Date.now() + 33 * 60_000);
    const [first, second] = await Promise.all([
      cancelExpiredPayments(t.database.db, later),
      cancelExpiredPayments(t.database.db, later),
    ]);
    expect(first + second).toBe(1);
    expect(await stockOf(product.id)).toBe(10);
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from orders`,
    );
    expect(row?.status).toBe("Cancelled");
    // A late cancel event changes nothing more.
    await t.app.inject({ method: "POST", url: `${url}/cancel`, headers: sameOrigin });
    expect(await stockOf(product.id)).toBe(10);
    const [order] = await t.database.db.select().from(orders);
    expect(order?.needsRefund).toBe(false);
  });
});
