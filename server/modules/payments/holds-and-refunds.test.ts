import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import { orders, paymentEvents, products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { HOLD_LIMITS } from "../orders/order-limits";

const t = useTestApp();
const form = {
  "content-type": "application/x-www-form-urlencoded",
  "sec-fetch-site": "same-origin",
};

async function buyer() {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const checkout = (items: { product: string; quantity: number }[]) =>
    post(t.app, "/api/order/stripe", { items, address: address.id }, shopper.cookies);
  return { ...shopper, address, checkout };
}
const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const statusOf = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const pagePath = (url: string) => new URL(url).pathname;

describe("unpaid online checkouts", () => {
  it("a shopper may have at most 2 waiting; a third is refused with a clear message", async () => {
    const shopper = await buyer();
    const product = await insertProduct(t.database.db, { stock: 100 });
    expect((await shopper.checkout([{ product: product.id, quantity: 1 }])).statusCode).toBe(200);
    expect((await shopper.checkout([{ product: product.id, quantity: 2 }])).statusCode).toBe(200);
    const third = await shopper.checkout([{ product: product.id, quantity: 3 }]);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: "conflict",
      message:
        "You have 2 online payments you did not finish. Cancel them to pay for this cart, or choose Cash On Delivery.",
      unpaidCheckouts: 2,
    });
    expect(await stockOf(product.id)).toBe(97);
    // Cash on delivery is not limited by it.
    expect(
      (
        await post(
          t.app,
          "/api/order/cod",
          { items: [{ product: product.id, quantity: 3 }], address: shopper.address.id },
          shopper.cookies,
        )
      ).statusCode,
    ).toBe(201);
  });

  it("a shopper gives up their unfinished checkouts: stock back, pages closed, then the new one starts", async () => {
    const shopper = await buyer();
    const someoneElse = await buyer();
    const product = await insertProduct(t.database.db, { stock: 100 });
    const first = await shopper.checkout([{ product: product.id, quantity: 1 }]);
    const second = await shopper.checkout([{ product: product.id, quantity: 2 }]);
    const theirs = await someoneElse.checkout([{ product: product.id, quantity: 4 }]);
    expect(await stockOf(product.id)).toBe(93);
    expect((await shopper.checkout([{ product: product.id, quantity: 3 }])).statusCode).toBe(409);

    const given = await post(t.app, "/api/order/unpaid/cancel", {}, shopper.cookies);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({
      success: true,
      cancelled: 2,
      message: "Your 2 unfinished online payments were cancelled.",
    });
    for (const started of [first, second]) {
      const { orderId, url } = started.json<{ orderId: string; url: string }>();
      expect((await statusOf(orderId)).status).toBe("Cancelled");
      // The provider's page can no longer be paid.
      const pay = await t.app.inject({
        method: "POST",
        url: `${pagePath(url)}/pay`,
        headers: form,
      });
      expect((await statusOf(orderId)).status).toBe("Cancelled");
      expect(pay.statusCode).toBeLessThan(500);
    }
    // Another shopper's checkout is theirs to keep.
    expect((await statusOf(theirs.json<{ orderId: string }>().orderId)).status).toBe(
      "Awaiting Payment",
    );
    expect(await stockOf(product.id)).toBe(96);
    expect((await shopper.checkout([{ product: product.id, quantity: 3 }])).statusCode).toBe(200);
    // Nothing left to give up but the new one; a visitor may not.
    expect(
      (await post(t.app, "/api/order/unpaid/cancel", {}, shopper.cookies)).json(),
    ).toMatchObject({ cancelled: 1, message: "Your unfinished online payment was cancelled." });
    expect(
      (await post(t.app, "/api/order/unpaid/cancel", {}, shopper.cookies)).json(),
    ).toMatchObject({
      cancelled: 0,
      message: "No online payment was waiting.",
    });
    expect((await post(t.app, "/api/order/unpaid/cancel", {})).statusCode).toBe(401);
  });

  it(`never holds more than ${HOLD_LIMITS.share * 100}% of a product's units (or ${HOLD_LIMITS.floor} units if that is more)`, async () => {
    const product = await insertProduct(t.database.db, { stock: 100, name: "Milk" });
    const small = await insertProduct(t.database.db, { stock: 30, name: "Ghee" });
    const shopper = await buyer();
    const over = await shopper.checkout([{ product: product.id, quantity: 21 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "conflict",
      productId: product.id,
      message:
        "While paying online you can reserve at most 20 of Milk. Choose fewer, or pay cash on delivery.",
    });
    expect(await stockOf(product.id)).toBe(100);
    expect((await shopper.checkout([{ product: product.id, quantity: 20 }])).statusCode).toBe(200);
    const floor = await (await buyer()).checkout([{ product: small.id, quantity: 11 }]);
    expect(floor.json()).toMatchObject({ message: expect.stringContaining("at most 10 of Ghee") });
    expect((await (await buyer()).checkout([{ product: small.id, quantity: 10 }])).statusCode).toBe(
      200,
    );
  });

  it("a newer checkout of the same cart replaces the older hold; another cart does not", async () => {
    const product = await insertProduct(t.database.db, { stock: 50 });
    const other = await insertProduct(t.database.db, { stock: 50 });
    const shopper = await buyer();
    const cart = [{ product: product.id, quantity: 4 }];
    const first = (await shopper.checkout(cart)).json<{ orderId: string }>().orderId;
    const different = (await shopper.checkout([{ product: other.id, quantity: 1 }])).json<{
      orderId: string;
    }>().orderId;
    const second = await shopper.checkout(cart);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ orderId: string }>().orderId).not.toBe(first);
    expect((await statusOf(first)).status).toBe("Cancelled");
    expect((await statusOf(different)).status).toBe("Awaiting Payment");
    expect(await stockOf(product.id)).toBe(46);
    // The replaced page takes no money.
    const [session] = await t.database.db.select().from(orders).where(eq(orders.id, first));
    expect(session!.isPaid).toBe(false);
  });

  it("the seller can list the checkouts awaiting payment, marked as such", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 10 });
    const shopper = await buyer();
    const { orderId } = (await shopper.checkout([{ product: product.id, quantity: 1 }])).json<{
      orderId: string;
    }>();
    const all = (await t.app.inject({ url: "/api/order/seller", cookies: seller.cookies })).json<{
      orders: Order[];
    }>();
    expect(all.orders.map((o) => o._id)).not.toContain(orderId);
    const waiting = (
      await t.app.inject({
        url: "/api/order/seller?status=Awaiting%20Payment",
        cookies: seller.cookies,
      })
    ).json<{ orders: Order[] }>();
    expect(waiting.orders).toMatchObject([
      { _id: orderId, status: "Awaiting Payment", isPaid: false },
    ]);
    // The seller sees it, so a move the table does not allow is a 409, not "not found" (the
    // seller may cancel it: order-cancellations.test.ts).
    const move = await post(
      t.app,
      "/api/order/status",
      { orderId, status: "Order Placed" },
      seller.cookies,
    );
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({ code: "invalid_transition" });
    expect((await statusOf(orderId)).status).toBe("Awaiting Payment");
  });
});

describe("the demo payment page when Pay and Cancel are clicked together", () => {
  it("ends every order in one state and tells each click the truth", async () => {
    const product = await insertProduct(t.database.db, { stock: 1000 });
    const shopper = await buyer();
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const checkout = await shopper.checkout([{ product: product.id, quantity: 1 }]);
      const { url, orderId } = checkout.json<{ url: string; orderId: string }>();
      const [pay, cancel] = await Promise.all(
        ["pay", "cancel"].map((action) =>
          t.app.inject({
            method: "POST",
            url: `${pagePath(url)}/${action}`,
            headers: form,
            payload: "",
          }),
        ),
      );
      const order = await statusOf(orderId);
      expect(order.needsRefund).toBe(false);
      if (order.isPaid) {
        outcomes.add("paid");
        expect(order.status).toBe("Order Placed");
        expect(pay!.statusCode).toBe(303);
        expect(pay!.headers.location).toBe("http://localhost:3000/loader?next=my-orders");
        expect(cancel!.statusCode).toBe(409);
        expect(cancel!.body).toContain("Already paid");
      } else {
        outcomes.add("cancelled");
        expect(order.status).toBe("Cancelled");
        expect(cancel!.statusCode).toBe(303);
        expect(pay!.statusCode).toBe(409);
        expect(pay!.body).toContain("no money was taken");
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe("POST /api/order/refund", () => {
  async function paidThenCancelled() {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 10 });
    const shopper = await buyer();
    const { url, orderId } = (await shopper.checkout([{ product: product.id, quantity: 2 }])).json<{
      url: string;
      orderId: string;
    }>();
    await t.app.inject({ method: "POST", url: `${pagePath(url)}/pay`, headers: form, payload: "" });
    await post(
      t.app,
      "/api/order/status",
      { orderId, status: "Cancelled", reason: "out_of_stock" },
      seller.cookies,
    );
    return { seller, shopper, orderId };
  }

  it("sends the refund once, whatever is clicked twice at once; the order then says Refunded", async () => {
    const { seller, shopper, orderId } = await paidThenCancelled();
    const before = (
      await t.app.inject({ url: `/api/order/${orderId}`, cookies: shopper.cookies })
    ).json<{ order: Order }>();
    expect(before.order).toMatchObject({ refundDue: true, refundedAt: null });

    const answers = await Promise.all(
      [1, 2].map(() => post(t.app, "/api/order/refund", { orderId }, seller.cookies)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const done = answers
      .find((a) => a.statusCode === 200)!
      .json<{ order: Order; message: string }>();
    expect(done.message).toBe("Refund sent");
    expect(done.order).toMatchObject({ refundDue: false, status: "Cancelled", isPaid: true });
    expect(Date.parse(done.order.refundedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const providerRefunds = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "demo"), eq(paymentEvents.type, "demo.refund")));
    expect(providerRefunds).toHaveLength(1);

    const again = await post(t.app, "/api/order/refund", { orderId }, seller.cookies);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "invalid_transition",
      message: "This order was already refunded.",
    });
    const mine = (await t.app.inject({ url: "/api/order/user", cookies: shopper.cookies })).json<{
      orders: Order[];
    }>();
    expect(mine.orders[0]).toMatchObject({ _id: orderId, refundDue: false });
    expect(mine.orders[0]!.refundedAt).not.toBeNull();
  });

  it("answers 409 when nothing is owed, 404 for an unknown order, 401 for a shopper", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 10 });
    const shopper = await buyer();
    const { orderId } = (
      await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: product.id, quantity: 1 }], address: shopper.address.id },
        shopper.cookies,
      )
    ).json<{ orderId: string }>();
    const nothing = await post(t.app, "/api/order/refund", { orderId }, seller.cookies);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: "invalid_transition" });
    expect(
      (
        await post(
          t.app,
          "/api/order/refund",
          { orderId: "00000000-0000-0000-0000-000000000000" },
          seller.cookies,
        )
      ).statusCode,
    ).toBe(404);
    expect((await post(t.app, "/api/order/refund", { orderId }, shopper.cookies)).statusCode).toBe(
      401,
    );
  });
});
