import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import { orders, products, stockLedger } from "../../db/schema";
import { orderOf, streamsOf } from "../../test/event-stream";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { createDemoProvider } from "../payments/demo-provider";
import type { PaymentProvider } from "../payments/payment-provider";

// Cancellations say why (turn 3, 2/10): the seller's reason and note reach the shopper in every
// order answer and live event; the seller may cancel a checkout still awaiting payment (its hold
// ends, its page is closed); the shopper cancels a paid online order while the shop has not
// started on it, and is then owed the money.

/** The demo provider, noting the hosted pages the store closes. */
const closed: string[] = [];
let demo: PaymentProvider | undefined;
const provider: PaymentProvider = {
  name: "demo",
  createCheckout: (request) => demoProvider().createCheckout(request),
  cancelCheckout: async (sessionId) => {
    closed.push(sessionId);
  },
  refund: (request) => demoProvider().refund(request),
};
const t = useTestApp({}, { paymentProvider: provider, streamHeartbeatMs: 300 });
const demoProvider = () => (demo ??= createDemoProvider(t.database.db));
const stream = streamsOf(t);
const form = {
  "content-type": "application/x-www-form-urlencoded",
  "sec-fetch-site": "same-origin",
};

async function shopperWithAddress() {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  return { ...shopper, address };
}

const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const rowOf = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const cancel = (orderId: string, why: object, cookies: Record<string, string>) =>
  post(t.app, "/api/order/status", { orderId, status: "Cancelled", ...why }, cookies);

/** An online checkout of `quantity` units, paid through the demo page unless `paid` is false. */
async function onlineOrder(
  shopper: Awaited<ReturnType<typeof shopperWithAddress>>,
  productId: string,
  quantity: number,
  paid = true,
) {
  const started = await post(
    t.app,
    "/api/order/stripe",
    { items: [{ product: productId, quantity }], address: shopper.address.id },
    shopper.cookies,
  );
  expect(started.statusCode).toBe(200);
  const { orderId, url } = started.json<{ orderId: string; url: string }>();
  if (paid)
    await t.app.inject({
      method: "POST",
      url: `${new URL(url).pathname}/pay`,
      headers: form,
      payload: "",
    });
  return { orderId, sessionId: new URL(url).pathname.split("/").at(-1)! };
}

describe("the seller's reason for a cancellation", () => {
  it("is kept with the order and shown in every answer to the shopper and in their live stream", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const live = await stream("/api/order/user/events", shopper.cookies);
    const orderId = await placeCodOrder(t.app, shopper.cookies, product.id, shopper.address.id, 2);
    await live.next((e) => e.data !== undefined && orderOf(e)._id === orderId);

    const answer = await cancel(orderId, { reason: "out_of_stock" }, seller.cookies);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: `Order #${orderId.slice(0, 8)} cancelled`,
      order: { status: "Cancelled", cancelReason: { reason: "out_of_stock", note: null } },
    });
    const event = await live.next((e) => e.data !== undefined && orderOf(e).status === "Cancelled");
    expect((orderOf(event) as Order).cancelReason).toEqual({
      reason: "out_of_stock",
      note: null,
    });
    const one = await t.app.inject({ url: `/api/order/${orderId}`, cookies: shopper.cookies });
    expect(one.json<{ order: Order }>().order.cancelReason).toEqual({
      reason: "out_of_stock",
      note: null,
    });
    const mine = await t.app.inject({ url: "/api/order/user", cookies: shopper.cookies });
    expect(mine.json<{ orders: Order[] }>().orders[0]!.cancelReason).toEqual({
      reason: "out_of_stock",
      note: null,
    });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("is required, one of four, with a note of at most 200 characters that `other` needs", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const orderId = await placeCodOrder(t.app, shopper.cookies, product.id, shopper.address.id);
    const refusal = async (why: object) => {
      const answer = await cancel(orderId, why, seller.cookies);
      expect(answer.statusCode).toBe(400);
      return answer.json<{ code: string; message: string }>();
    };
    expect(await refusal({})).toEqual({
      success: false,
      code: "validation_failed",
      message: "reason is required to cancel an order",
    });
    expect((await refusal({ reason: "bored" })).message).toMatch(/^reason must be one of/);
    expect((await refusal({ reason: "other" })).message).toBe(
      "note is required when the reason is other",
    );
    expect((await refusal({ reason: "other", note: "   " })).message).toBe(
      "note is required when the reason is other",
    );
    expect((await refusal({ reason: "cannot_deliver", note: "x".repeat(201) })).message).toBe(
      "note must be at most 200 characters",
    );
    expect((await rowOf(orderId)).status).toBe("Order Placed");

    const note = "Our delivery van broke down; we are sorry.";
    const done = await cancel(orderId, { reason: "other", note: `  ${note} ` }, seller.cookies);
    expect(done.json<{ order: Order }>().order.cancelReason).toEqual({ reason: "other", note });
  });

  it("is null on orders that were not cancelled, and a reason sent with another move is not kept", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const orderId = await placeCodOrder(t.app, shopper.cookies, product.id, shopper.address.id);
    const packing = await post(
      t.app,
      "/api/order/status",
      { orderId, status: "Packing", reason: "out_of_stock", note: "no" },
      seller.cookies,
    );
    expect(packing.json<{ order: Order }>().order).toMatchObject({
      status: "Packing",
      cancelReason: null,
    });
    expect(await rowOf(orderId)).toMatchObject({ cancelReason: null, cancelNote: null });
  });

  it("is the shopper's asking when the shopper cancels their own order", async () => {
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const orderId = await placeCodOrder(t.app, shopper.cookies, product.id, shopper.address.id);
    const answer = await post(t.app, "/api/order/cancel", { orderId }, shopper.cookies);
    expect(answer.json()).toMatchObject({
      message: "Order Cancelled",
      order: { status: "Cancelled", cancelReason: { reason: "shopper_asked", note: null } },
    });
  });
});

describe("the seller cancels a checkout awaiting payment", () => {
  it("ends its hold (stock back through the ledger) and closes its payment page", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 10 });
    const { orderId, sessionId } = await onlineOrder(shopper, product.id, 3, false);
    expect(await stockOf(product.id)).toBe(7);

    const answer = await cancel(orderId, { reason: "out_of_stock" }, seller.cookies);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ order: Order }>().order).toMatchObject({
      status: "Cancelled",
      isPaid: false,
      refundDue: false,
      cancelReason: { reason: "out_of_stock", note: null },
    });
    expect(await stockOf(product.id)).toBe(10);
    const [returned] = await t.database.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.productId, product.id), eq(stockLedger.orderId, orderId)))
      .orderBy(stockLedger.id)
      .then((rows) => rows.slice(-1));
    expect(returned).toMatchObject({ change: 3, reason: "cancel" });
    expect(closed).toContain(sessionId);

    // The page can no longer take the money; a payment that came anyway is owed back.
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/payments/demo/${sessionId}/pay`,
      headers: form,
      payload: "",
    });
    expect(pay.statusCode).toBeLessThan(500);
    expect(await rowOf(orderId)).toMatchObject({ status: "Cancelled" });
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe("the shopper cancels an order paid online", () => {
  it("while Order Placed: cancelled, stock back, owed its refund at once, which the seller sends", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 10 });
    const { orderId } = await onlineOrder(shopper, product.id, 2);
    expect(await rowOf(orderId)).toMatchObject({ status: "Order Placed", isPaid: true });

    const answer = await post(t.app, "/api/order/cancel", { orderId }, shopper.cookies);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: "Order Cancelled. The money you paid will be returned to you.",
      order: {
        status: "Cancelled",
        isPaid: true,
        refundDue: true,
        cancelReason: { reason: "shopper_asked", note: null },
      },
    });
    expect(await stockOf(product.id)).toBe(10);
    const owed = await t.app.inject({
      url: "/api/order/seller?refundDue=true",
      cookies: seller.cookies,
    });
    expect(owed.json<{ orders: Order[] }>().orders.map((o) => o._id)).toEqual([orderId]);
    const refund = await post(t.app, "/api/order/refund", { orderId }, seller.cookies);
    expect(refund.json()).toMatchObject({ order: { refundDue: false, status: "Cancelled" } });
  });

  it("not once the shop started on it, nor a checkout not paid yet", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 10 });
    const { orderId } = await onlineOrder(shopper, product.id, 1);
    await post(t.app, "/api/order/status", { orderId, status: "Packing" }, seller.cookies);
    const late = await post(t.app, "/api/order/cancel", { orderId }, shopper.cookies);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: "invalid_transition",
      message: "This order can no longer be cancelled.",
    });

    const unpaid = await onlineOrder(shopper, product.id, 2, false);
    expect(
      (await post(t.app, "/api/order/cancel", { orderId: unpaid.orderId }, shopper.cookies))
        .statusCode,
    ).toBe(404);
    expect(await rowOf(unpaid.orderId)).toMatchObject({ status: "Awaiting Payment" });
  });
});
