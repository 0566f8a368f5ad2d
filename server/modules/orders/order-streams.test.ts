import { describe, expect, it } from "vitest";
import { orderSchema } from "../../../contract/order";
import { cookieNames, createSession } from "../../http/sessions";
import { orderOf, streamsOf, type OpenStream } from "../../test/event-stream";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { MAX_STREAMS_PER_ACCOUNT } from "./stream-limits";

const t = useTestApp({}, { streamHeartbeatMs: 300 });
const stream = streamsOf(t);

/** Resolves with `promise`, or fails the test after `ms` naming what did not happen. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the server has not ended `s` (an ended stream's promise has already settled). */
const isOpen = (s: OpenStream) =>
  Promise.race([
    s.ended.then(() => false),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(true))),
  ]);

async function shopperWithOrder(product: { id: string }) {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  const placeOrder = () => placeCodOrder(t.app, shopper.cookies, product.id, address.id);
  return { ...shopper, address, placeOrder };
}

describe("live order streams", () => {
  it("answer 401 without the right session", async () => {
    const shopper = await createShopper(t.database.db);
    expect((await stream("/api/order/user/events", {})).status).toBe(401);
    expect((await stream("/api/order/seller/events", shopper.cookies)).status).toBe(401);
    const refused = await t.app.inject({ url: "/api/order/seller/events" });
    expect(refused.json()).toMatchObject({ success: false, code: "not_authorized" });
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("give the seller every order and each shopper only their own, as the lists show them", async () => {
    const product = await insertProduct(t.database.db, { stock: 20 });
    const seller = await createSeller(t.database.db);
    const asha = await shopperWithOrder(product);
    const ravi = await shopperWithOrder(product);
    const sellerStream = await stream("/api/order/seller/events", seller.cookies);
    const ashaStream = await stream("/api/order/user/events", asha.cookies);
    expect(sellerStream.status).toBe(200);
    expect(sellerStream.contentType).toBe("text/event-stream; charset=utf-8");

    const ashaOrder = await asha.placeOrder();
    const raviOrder = await ravi.placeOrder();
    const seen = await sellerStream.next(
      (e) => e.data !== undefined && orderOf(e)._id === raviOrder,
    );
    expect(seen.event).toBe("order");
    expect(orderSchema.safeParse(JSON.parse(seen.data!)).success).toBe(true);
    await sellerStream.next((e) => e.data !== undefined && orderOf(e)._id === ashaOrder);

    await post(
      t.app,
      "/api/order/status",
      { orderId: ashaOrder, status: "Packing" },
      seller.cookies,
    );
    const packing = await ashaStream.next(
      (e) => e.data !== undefined && orderOf(e).status === "Packing",
    );
    expect(orderOf(packing)._id).toBe(ashaOrder);
    // Ravi's order never reaches Asha's stream.
    await post(
      t.app,
      "/api/order/status",
      { orderId: raviOrder, status: "Packing" },
      seller.cookies,
    );
    await sellerStream.next(
      (e) =>
        e.data !== undefined && orderOf(e)._id === raviOrder && orderOf(e).status === "Packing",
    );
    expect(ashaStream.events.filter((e) => e.data).map((e) => orderOf(e)._id)).not.toContain(
      raviOrder,
    );
    // Ids only grow.
    const ids = sellerStream.events.filter((e) => e.id).map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("replay exactly the missed events, in order, to a stream resumed with Last-Event-ID", async () => {
    const product = await insertProduct(t.database.db, { stock: 20 });
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithOrder(product);
    const first = await stream("/api/order/user/events", shopper.cookies);
    const orderId = await shopper.placeOrder();
    const placed = await first.next((e) => e.data !== undefined && orderOf(e)._id === orderId);
    first.close();

    for (const status of ["Packing", "Out for Delivery", "Delivered"])
      expect(
        (await post(t.app, "/api/order/status", { orderId, status }, seller.cookies)).statusCode,
      ).toBe(200);

    const resumed = await stream("/api/order/user/events", shopper.cookies, placed.id);
    await resumed.next((e) => e.data !== undefined && orderOf(e).status === "Delivered");
    const replayed = resumed.events.filter((e) => e.data);
    expect(replayed.map((e) => orderOf(e).status)).toEqual([
      "Packing",
      "Out for Delivery",
      "Delivered",
    ]);
    expect(replayed.every((e) => Number(e.id) > Number(placed.id))).toBe(true);
    // Each event says the status of its moment, with the history up to it.
    expect(orderOf(replayed[0]!).history.map((h) => h.status)).toEqual(["Order Placed", "Packing"]);

    // ...and then goes on live.
    const next = await shopper.placeOrder();
    await resumed.next((e) => e.data !== undefined && orderOf(e)._id === next);
  });

  it("replay to a shopper only what the live stream sent them: not an online order's wait for payment", async () => {
    const product = await insertProduct(t.database.db, { stock: 20 });
    const shopper = await shopperWithOrder(product);
    const live = await stream("/api/order/user/events", shopper.cookies);
    const checkout = await post(
      t.app,
      "/api/order/stripe",
      { items: [{ product: product.id, quantity: 1 }], address: shopper.address.id },
      shopper.cookies,
    );
    const paid = await t.app.inject({
      method: "POST",
      url: `${new URL(checkout.json<{ url: string }>().url).pathname}/pay`,
      headers: { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" },
    });
    expect(paid.statusCode).toBe(303);
    const placed = await live.next((e) => e.data !== undefined);
    expect(orderOf(placed).status).toBe("Order Placed");

    const resumed = await stream("/api/order/user/events", shopper.cookies, "0");
    await resumed.next((e) => e.data !== undefined && e.id === placed.id);
    expect(resumed.events.filter((e) => e.data).map((e) => orderOf(e).status)).toEqual([
      "Order Placed",
    ]);
  });

  it("resume a Last-Event-ID past every event written from the newest, not hold back what follows", async () => {
    const product = await insertProduct(t.database.db, { stock: 20 });
    const seller = await createSeller(t.database.db);
    const shopper = await shopperWithOrder(product);
    const ahead = await stream("/api/order/seller/events", seller.cookies, "900000000000");
    expect(ahead.status).toBe(200);
    const orderId = await shopper.placeOrder();
    const seen = await ahead.next((e) => e.data !== undefined && orderOf(e)._id === orderId);
    expect(Number(seen.id)).toBeLessThan(900000000000);
  });

  it("send a heartbeat comment and close when the session logs out", async () => {
    const shopper = await createShopper(t.database.db);
    const s = await stream("/api/order/user/events", shopper.cookies);
    await s.next((e) => e.comment === "heartbeat");
    await post(t.app, "/api/user/logout", {}, shopper.cookies);
    await s.ended;
  });

  it("keep at most 4 streams per session, closing the oldest", async () => {
    const shopper = await createShopper(t.database.db);
    const streams = [];
    for (let i = 0; i < 5; i++)
      streams.push(await stream("/api/order/user/events", shopper.cookies));
    await streams[0]!.ended;
    expect(t.app.deps.orderStreams.size).toBe(4);
    // Told why, so that its page waits instead of taking the place back at once.
    expect(streams[0]!.events.at(-1)?.event).toBe("replaced");
    expect(streams.slice(1).some((s) => s.events.some((e) => e.event === "replaced"))).toBe(false);
  });

  it.each([
    ["shopper", "user", "/api/order/user/events"],
    ["seller", "seller", "/api/order/seller/events"],
  ] as const)(
    `keep at most ${MAX_STREAMS_PER_ACCOUNT} streams per %s account across its sessions, closing its oldest`,
    async (_who, kind, path) => {
      const make = kind === "user" ? createShopper : createSeller;
      const account = await make(t.database.db);
      const accountId = "user" in account ? account.user.id : account.seller.id;
      const someoneElse = await stream(path, (await make(t.database.db)).cookies);
      // Each login is a new session, with one stream: the per-session cap never comes into it.
      const login = async () => ({
        [cookieNames[kind]]: (await createSession(t.database.db, kind, accountId)).token,
      });
      const streams = [];
      for (let i = 0; i <= MAX_STREAMS_PER_ACCOUNT; i++)
        streams.push(await stream(path, await login()));
      expect(streams.every((s) => s.status === 200)).toBe(true);
      await within(streams[0]!.ended, 5_000, "the account's oldest stream to end");
      expect(t.app.deps.orderStreams.size).toBe(MAX_STREAMS_PER_ACCOUNT + 1);
      expect(streams[0]!.events.at(-1)?.event).toBe("replaced");
      // The others, the newest and another account's included, stay open.
      await streams.at(-1)!.next((e) => e.comment === "heartbeat");
      for (const s of [someoneElse, ...streams.slice(1)]) expect(await isOpen(s)).toBe(true);
    },
  );
});

describe("GET /api/order/:id", () => {
  it("answers the shopper's own order with its history, 404 for anyone else's, any order for a seller", async () => {
    const product = await insertProduct(t.database.db, { stock: 5 });
    const owner = await shopperWithOrder(product);
    const other = await createShopper(t.database.db);
    const seller = await createSeller(t.database.db);
    const orderId = await owner.placeOrder();

    const mine = await t.app.inject({ url: `/api/order/${orderId}`, cookies: owner.cookies });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("no-store");
    expect(mine.json()).toMatchObject({
      success: true,
      order: {
        _id: orderId,
        status: "Order Placed",
        deliveredAt: null,
        history: [{ status: "Order Placed" }],
      },
    });
    for (const id of [orderId, "00000000-0000-0000-0000-000000000000", "nope"]) {
      const theirs = await t.app.inject({ url: `/api/order/${id}`, cookies: other.cookies });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: "not_found" });
    }
    expect((await t.app.inject({ url: `/api/order/${orderId}` })).statusCode).toBe(401);
    const asSeller = await t.app.inject({ url: `/api/order/${orderId}`, cookies: seller.cookies });
    expect(asSeller.json()).toMatchObject({ order: { _id: orderId } });
  });

  it("records when an order was delivered", async () => {
    const product = await insertProduct(t.database.db, { stock: 5 });
    const owner = await shopperWithOrder(product);
    const seller = await createSeller(t.database.db);
    const orderId = await owner.placeOrder();
    for (const status of ["Packing", "Out for Delivery", "Delivered"])
      await post(t.app, "/api/order/status", { orderId, status }, seller.cookies);
    const { order } = (
      await t.app.inject({ url: `/api/order/${orderId}`, cookies: owner.cookies })
    ).json<{ order: { deliveredAt: string; isPaid: boolean; history: { status: string }[] } }>();
    expect(Date.now() - Date.parse(order.deliveredAt)).toBeLessThan(60_000);
    expect(order.isPaid).toBe(true);
    expect(order.history.map((h) => h.status)).toEqual([
      "Order Placed",
      "Packing",
      "Out for Delivery",
      "Delivered",
    ]);
  });
});
