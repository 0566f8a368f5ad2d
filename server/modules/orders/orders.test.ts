import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OPEN_QUEUE_LIMIT, SELLER_LIST_LIMIT, type Order } from "../../../contract/order";
import { queryRows, type Database } from "../../db/database";
import { orders, products, users } from "../../db/schema";
import { insertOrder, insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { placeOrder } from "./order-placement";

const t = useTestApp();

async function shopperWithAddress() {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  return { ...shopper, address };
}

async function stockOf(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return { stock: row!.stock, inStock: row!.inStock };
}

async function orderCount() {
  const [row] = await queryRows<{ n: string }>(
    t.database.db,
    sql`select count(*)::text as n from orders`,
  );
  return Number(row!.n);
}

describe("POST /api/order/cod", () => {
  it("places an order with server prices, takes the stock, snapshots items, empties the cart", async () => {
    const { cookies, address, user } = await shopperWithAddress();
    const tomato = await insertProduct(t.database.db, {
      name: "Tomato",
      price: 40,
      offerPrice: 32.5,
      stock: 10,
    });
    const milk = await insertProduct(t.database.db, {
      name: "Milk",
      category: "Dairy",
      price: 56,
      offerPrice: 54,
      stock: 2,
    });
    await post(t.app, "/api/cart/update", { cartItems: { [tomato.id]: 3 } }, cookies);

    const response = await post(
      t.app,
      "/api/order/cod",
      {
        userId: "someone-else",
        amount: 1,
        isPaid: true,
        status: "Delivered",
        items: [
          { product: tomato.id, quantity: 3, price: 1, offerPrice: 1 },
          { product: milk.id, quantity: 2 },
        ],
        address: address.id,
      },
      cookies,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; message: string; orderId: string }>();
    expect(body).toEqual({
      success: true,
      message: "Order Placed Successfully",
      orderId: expect.any(String),
    });

    expect(await stockOf(tomato.id)).toEqual({ stock: 7, inStock: true });
    expect(await stockOf(milk.id)).toEqual({ stock: 0, inStock: false });
    const [saved] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(saved!.cartItems).toEqual({});

    const list = (await t.app.inject({ url: "/api/order/user", cookies })).json<{
      orders: Order[];
    }>();
    expect(list.orders).toHaveLength(1);
    const order = list.orders[0]!;
    expect(order).toMatchObject({
      _id: body.orderId,
      amount: 205.5,
      paymentType: "COD",
      status: "Order Placed",
      isPaid: false,
    });
    expect(order.address).toMatchObject({ _id: address.id, city: "Bengaluru" });
    expect(new Date(order.deliverBy).getTime() - new Date(order.createdAt).getTime()).toBe(
      30 * 60_000,
    );
    expect(order.items.map((i) => [i.product.name, i.quantity, i.product.offerPrice])).toEqual(
      expect.arrayContaining([
        ["Tomato", 3, 32.5],
        ["Milk", 2, 54],
      ]),
    );
    expect(order.history.map((h) => h.status)).toEqual(["Order Placed"]);

    // Later edits of the product do not change the past order.
    await t.database.db
      .update(products)
      .set({ name: "Renamed", offerPricePaise: 100 })
      .where(eq(products.id, tomato.id));
    const again = (await t.app.inject({ url: "/api/order/user", cookies })).json<{
      orders: Order[];
    }>();
    expect(again.orders[0]!.items.find((i) => i.product._id === tomato.id)?.product).toMatchObject({
      name: "Tomato",
      offerPrice: 32.5,
    });
  });

  it("answers 409 naming the product when stock is short, and writes nothing", async () => {
    const { cookies, address } = await shopperWithAddress();
    const plenty = await insertProduct(t.database.db, { stock: 10 });
    const scarce = await insertProduct(t.database.db, { name: "Alphonso Mango", stock: 1 });
    const response = await post(
      t.app,
      "/api/order/cod",
      {
        items: [
          { product: plenty.id, quantity: 1 },
          { product: scarce.id, quantity: 2 },
        ],
        address: address.id,
      },
      cookies,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      code: "out_of_stock",
      productId: scarce.id,
    });
    expect(response.json<{ message: string }>().message).toContain("Alphonso Mango");
    expect(await stockOf(plenty.id)).toEqual({ stock: 10, inStock: true });
    expect(await orderCount()).toBe(0);
  });

  it("refuses with 409 price_changed a price other than the one the shopper was shown, and writes nothing", async () => {
    const { cookies, address } = await shopperWithAddress();
    const rice = await insertProduct(t.database.db, { stock: 10, offerPrice: 50, price: 60 });
    const tomato = await insertProduct(t.database.db, {
      name: "Fresh Tomato",
      stock: 10,
      offerPrice: 45,
      price: 50,
    });
    const order = (tomatoShown: number, headers: Record<string, string> = {}) =>
      post(
        t.app,
        "/api/order/cod",
        {
          items: [
            { product: rice.id, quantity: 1, shownOfferPrice: 50 },
            { product: tomato.id, quantity: 2, shownOfferPrice: tomatoShown },
          ],
          address: address.id,
        },
        cookies,
        headers,
      );
    // The cart showed ₹35; the seller has raised it to ₹45 since.
    const refused = await order(35);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: "price_changed",
      productId: tomato.id,
      message:
        "The price of Fresh Tomato is now ₹45.00. Please check your cart and place the order again.",
    });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(rice.id)).toEqual({ stock: 10, inStock: true });

    // A repriced item that is also sold out says it is sold out.
    const gone = await insertProduct(t.database.db, {
      name: "Last Melon",
      stock: 0,
      price: 100,
      offerPrice: 90,
    });
    const both = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: gone.id, quantity: 1, shownOfferPrice: 80 }], address: address.id },
      cookies,
    );
    expect(both.json()).toMatchObject({ code: "out_of_stock", productId: gone.id });

    // The same Idempotency-Key after the page learnt the new price is the same order, not a 422.
    const withTomatoShownAt = (shownOfferPrice: number) =>
      order(shownOfferPrice, { "idempotency-key": "cart-1" });
    expect((await withTomatoShownAt(35)).json()).toMatchObject({ code: "price_changed" });
    const placed = await withTomatoShownAt(45);
    expect(placed.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ amountPaise: orders.amountPaise })
      .from(orders)
      .where(eq(orders.id, placed.json<{ orderId: string }>().orderId));
    expect(row!.amountPaise).toBe((50 + 2 * 45) * 100);
    const unpriced = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: tomato.id, quantity: 1 }], address: address.id },
      cookies,
    );
    expect(unpriced.statusCode).toBe(201);
    expect(
      (
        await post(
          t.app,
          "/api/order/cod",
          {
            items: [{ product: tomato.id, quantity: 1, shownOfferPrice: 45.001 }],
            address: address.id,
          },
          cookies,
        )
      ).statusCode,
    ).toBe(400);
  });

  it("names the refused product and its stock from the order's one statement, asking nothing more", async () => {
    const { user, address } = await shopperWithAddress();
    const scarce = await insertProduct(t.database.db, { name: "Alphonso Mango", stock: 1 });
    const gone = await insertProduct(t.database.db, { name: "Kesar Mango", stock: 0 });
    const plenty = await insertProduct(t.database.db, { name: "Milk", stock: 100 });
    const statements: string[] = [];
    const counted: Pick<Database, "prepared"> = {
      prepared: (statement, values) => {
        statements.push(statement.name);
        return t.database.prepared(statement, values);
      },
    };
    const order = async (
      product: string,
      quantity: number,
      paymentType: "COD" | "Online" = "COD",
    ) =>
      placeOrder(
        counted,
        user.id,
        { items: [{ product, quantity }], address: address.id },
        { paymentType, shop: await t.app.deps.shop.get(), db: t.database.db },
      );
    await expect(order(scarce.id, 2)).rejects.toMatchObject({
      code: "out_of_stock",
      message: "Only 1 of Alphonso Mango left; you asked for 2.",
      extra: { productId: scarce.id },
    });
    await expect(order(gone.id, 1)).rejects.toMatchObject({
      code: "out_of_stock",
      message: "Sorry, Kesar Mango is out of stock.",
    });
    // Refused by the stock update itself (the share an unpaid checkout may hold), not the check.
    await expect(order(plenty.id, 30, "Online")).rejects.toMatchObject({
      code: "conflict",
      message:
        "While paying online you can reserve at most 20 of Milk. Choose fewer, or pay cash on delivery.",
    });
    expect(statements).toEqual(["place_order", "place_order", "place_order"]);
  });

  it.each([-1, 0, 1.5, "2", [1], 1e9, 100])(
    "refuses the quantity %j with 400",
    async (quantity) => {
      const { cookies, address } = await shopperWithAddress();
      const product = await insertProduct(t.database.db);
      const response = await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: product.id, quantity }], address: address.id },
        cookies,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed" });
    },
  );

  it("refuses empty and repeated items, unknown products and another shopper's address", async () => {
    const { cookies, address } = await shopperWithAddress();
    const other = await shopperWithAddress();
    const product = await insertProduct(t.database.db);
    const cases: [unknown, number][] = [
      [{ items: [], address: address.id }, 400],
      [
        {
          items: [
            { product: product.id, quantity: 1 },
            { product: product.id, quantity: 1 },
          ],
          address: address.id,
        },
        400,
      ],
      [
        {
          items: [
            { product: product.id, quantity: 1 },
            { product: product.id.toUpperCase(), quantity: 1 },
          ],
          address: address.id,
        },
        400,
      ],
      [
        {
          items: [{ product: "00000000-0000-0000-0000-000000000000", quantity: 1 }],
          address: address.id,
        },
        404,
      ],
      [{ items: [{ product: "'; drop table orders; --", quantity: 1 }], address: address.id }, 404],
      [{ items: [{ product: product.id, quantity: 1 }], address: other.address.id }, 404],
      [{ items: [{ product: product.id, quantity: 1 }], address: "not-an-id" }, 404],
    ];
    for (const [body, status] of cases) {
      expect((await post(t.app, "/api/order/cod", body, cookies)).statusCode).toBe(status);
    }
    expect(await orderCount()).toBe(0);
    expect((await stockOf(product.id)).stock).toBe(50);
  });

  it("takes ids in either case as the same product and address (a repeat of the key is the same order)", async () => {
    const { cookies, address } = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const headers = { "idempotency-key": "case-1" };
    const upper = await post(
      t.app,
      "/api/order/cod",
      {
        items: [{ product: product.id.toUpperCase(), quantity: 2 }],
        address: address.id.toUpperCase(),
      },
      cookies,
      headers,
    );
    expect(upper.statusCode).toBe(201);
    const lower = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 2 }], address: address.id },
      cookies,
      headers,
    );
    expect(lower.json()).toEqual(upper.json());
    expect((await stockOf(product.id)).stock).toBe(3);
  });

  it("refuses an order whose total is more than one order can hold with 400, writing nothing", async () => {
    const { cookies, address } = await shopperWithAddress();
    const dear = await insertProduct(t.database.db, {
      price: 1_000_000,
      offerPrice: 1_000_000,
      stock: 50,
    });
    const response = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: dear.id, quantity: 22 }], address: address.id },
      cookies,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation_failed" });
    expect(response.json<{ message: string }>().message).toContain("split it into smaller orders");
    expect(await orderCount()).toBe(0);
    expect((await stockOf(dear.id)).stock).toBe(50);
  });

  it("needs a session, and refuses cross-site requests and text/plain bodies before any order exists", async () => {
    const { cookies, address } = await shopperWithAddress();
    const product = await insertProduct(t.database.db);
    const body = { items: [{ product: product.id, quantity: 1 }], address: address.id };
    expect((await post(t.app, "/api/order/cod", body)).statusCode).toBe(401);
    const crossSite = await post(t.app, "/api/order/cod", body, cookies, {
      "sec-fetch-site": "cross-site",
      origin: "https://evil.example",
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: "forbidden" });
    expect(
      (await post(t.app, "/api/order/cod", body, cookies, { origin: "https://evil.example" }))
        .statusCode,
    ).toBe(403);
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/order/cod",
      cookies,
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify(body),
    });
    expect(plain.statusCode).toBe(415);
    expect(await orderCount()).toBe(0);
  });

  it("honours Idempotency-Key: 20 parallel identical requests make one order with one answer; another body gets 422", async () => {
    const { cookies, address } = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 100 });
    const body = { items: [{ product: product.id, quantity: 2 }], address: address.id };
    const headers = { "idempotency-key": "checkout-42" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(t.app, "/api/order/cod", body, cookies, headers)),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await orderCount()).toBe(1);
    expect((await stockOf(product.id)).stock).toBe(98);

    const reused = await post(
      t.app,
      "/api/order/cod",
      { ...body, items: [{ product: product.id, quantity: 3 }] },
      cookies,
      headers,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: "idempotency_key_reused" });
    expect(
      (await post(t.app, "/api/order/cod", body, cookies, { "idempotency-key": "" })).statusCode,
    ).toBe(400);
  });
});

describe("shopper orders", () => {
  it("lists only the shopper's own orders, newest first, and lets them cancel while Order Placed", async () => {
    const asha = await shopperWithAddress();
    const ravi = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const place = (s: typeof asha, quantity: number) =>
      post(
        t.app,
        "/api/order/cod",
        { items: [{ product: product.id, quantity }], address: s.address.id },
        s.cookies,
      );
    const first = (await place(asha, 1)).json<{ orderId: string }>().orderId;
    const second = (await place(asha, 2)).json<{ orderId: string }>().orderId;
    const ravis = (await place(ravi, 1)).json<{ orderId: string }>().orderId;

    const mine = (await t.app.inject({ url: "/api/order/user", cookies: asha.cookies })).json<{
      orders: Order[];
    }>();
    expect(mine.orders.map((o) => o._id)).toEqual([second, first]);

    const notMine = await post(t.app, "/api/order/cancel", { orderId: ravis }, asha.cookies);
    expect(notMine.statusCode).toBe(404);

    const [a, b] = await Promise.all([
      post(t.app, "/api/order/cancel", { orderId: second }, asha.cookies),
      post(t.app, "/api/order/cancel", { orderId: second }, asha.cookies),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await stockOf(product.id)).stock).toBe(3);
    const cancelled = (await t.app.inject({ url: "/api/order/user", cookies: asha.cookies })).json<{
      orders: Order[];
    }>().orders[0]!;
    expect(cancelled.status).toBe("Cancelled");
    expect(cancelled.history.map((h) => h.status)).toEqual(["Order Placed", "Cancelled"]);
  });
});

describe("seller order calls", () => {
  it("answer 401 without a seller session, whatever shopper session is held", async () => {
    const { cookies } = await shopperWithAddress();
    for (const cookieSet of [{}, cookies]) {
      expect(
        (await t.app.inject({ url: "/api/order/seller", cookies: cookieSet })).statusCode,
      ).toBe(401);
      const move = await post(
        t.app,
        "/api/order/status",
        { orderId: "00000000-0000-0000-0000-000000000000", status: "Packing" },
        cookieSet,
      );
      expect(move.statusCode).toBe(401);
    }
  });

  it("list every customer's orders and move them only along the transition table, with history", async () => {
    const seller = await createSeller(t.database.db);
    const asha = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 5 });
    const orderId = (
      await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: product.id, quantity: 2 }], address: asha.address.id },
        asha.cookies,
      )
    ).json<{ orderId: string }>().orderId;

    const listed = (
      await t.app.inject({ url: "/api/order/seller", cookies: seller.cookies })
    ).json<{ orders: Order[] }>();
    expect(listed.orders.map((o) => o._id)).toEqual([orderId]);
    expect(
      (
        await t.app.inject({ url: "/api/order/seller?status=Packing", cookies: seller.cookies })
      ).json<{ orders: Order[] }>().orders,
    ).toEqual([]);
    expect(
      (await t.app.inject({ url: "/api/order/seller?status=Lost", cookies: seller.cookies }))
        .statusCode,
    ).toBe(400);

    const move = (status: string) =>
      post(
        t.app,
        "/api/order/status",
        { orderId, status, ...(status === "Cancelled" ? { reason: "cannot_deliver" } : {}) },
        seller.cookies,
      );
    expect((await move("Delivered")).statusCode).toBe(409);
    expect((await move("Awaiting Payment")).json()).toMatchObject({ code: "invalid_transition" });
    expect((await move("Packing")).json()).toMatchObject({
      message: `Order #${orderId.slice(0, 8)} moved to Packing`,
    });
    expect((await move("Out for Delivery")).statusCode).toBe(200);
    expect((await move("Cancelled")).statusCode).toBe(409);
    const delivered = await move("Delivered");
    expect(delivered.json()).toMatchObject({
      success: true,
      message: `Order #${orderId.slice(0, 8)} moved to Delivered`,
      order: { status: "Delivered", isPaid: true },
    });
    expect(delivered.json<{ order: Order }>().order.history.map((h) => h.status)).toEqual([
      "Order Placed",
      "Packing",
      "Out for Delivery",
      "Delivered",
    ]);
    expect((await stockOf(product.id)).stock).toBe(3);
  });

  it("answer the queue (open=true) and the refunds owed (refundDue=true), however many newer orders closed since", async () => {
    const seller = await createSeller(t.database.db);
    const { user } = await createShopper(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5 });
    const now = Date.now();
    const minutes = (m: number) => new Date(now + m * 60_000);
    const order = (o: Omit<Parameters<typeof insertOrder>[1], "userId" | "items">) =>
      insertOrder(t.database.db, {
        userId: user.id,
        items: [{ product: { id: product.id, name: product.name }, quantity: 1, unitPrice: 10 }],
        ...o,
      });
    const oldest = await order({ createdAt: minutes(-600), deliverBy: minutes(-570) });
    for (let i = 0; i < SELLER_LIST_LIMIT; i += 1)
      await order({ status: "Delivered", isPaid: true, createdAt: minutes(-500 + i) });
    const packing = await order({ status: "Packing", createdAt: minutes(-10) });
    const placed = await order({ createdAt: minutes(-2), deliverBy: minutes(28) });
    const out = await order({
      status: "Out for Delivery",
      createdAt: minutes(-1),
      deliverBy: minutes(5),
    });
    await order({ status: "Cancelled", createdAt: minutes(-1) });
    await order({ status: "Awaiting Payment", paymentType: "Online", placedAt: null });
    const owed = (createdAt: Date) =>
      order({
        status: "Cancelled",
        paymentType: "Online",
        isPaid: true,
        needsRefund: true,
        createdAt,
      });
    const owedLast = await owed(minutes(-2));
    const owedLongest = await owed(minutes(-700));
    const list = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/order/seller${query}`,
        cookies: seller.cookies,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ orders: Order[] }>().orders.map((o) => o._id);
    };

    expect(await list("?open=true")).toEqual([oldest.id, out.id, packing.id, placed.id]);
    const newest = await list("");
    expect(newest).toHaveLength(SELLER_LIST_LIMIT);
    expect(newest).not.toContain(oldest.id);
    expect(await list("?refundDue=true")).toEqual([owedLongest.id, owedLast.id]);
    expect(
      (await t.app.inject({ url: "/api/order/seller?open=yes", cookies: seller.cookies }))
        .statusCode,
    ).toBe(400);
  });

  it("keep today's orders first in the queue, however many stale orders were never closed", async () => {
    const seller = await createSeller(t.database.db);
    const { user } = await createShopper(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5 });
    const now = Date.now();
    const order = (o: Omit<Parameters<typeof insertOrder>[1], "userId" | "items">) =>
      insertOrder(t.database.db, {
        userId: user.id,
        items: [{ product: { id: product.id, name: product.name }, quantity: 1, unitPrice: 10 }],
        ...o,
      });
    // Cash orders delivered but never marked so, a day and a half to three weeks past their
    // promise: more than the queue holds.
    const template = await order({ status: "Out for Delivery", createdAt: new Date(now - 36e5) });
    const hour = 3_600_000;
    const staleCount = OPEN_QUEUE_LIMIT + 20;
    await t.database.db.execute(sql`
      insert into orders (user_id, address, amount_paise, items_total_paise, payment_type, status,
                          is_paid, placed_at, deliver_by, created_at, updated_at)
      select user_id, address, amount_paise, items_total_paise, payment_type, 'Out for Delivery',
             false, at, at, at, at
      from orders, generate_series(1, ${staleCount - 1}) i,
           lateral (select ${new Date(now - 36 * hour).toISOString()}::timestamptz
                           - make_interval(hours => i) as at) t
      where id = ${template.id}`);
    await t.database.db
      .update(orders)
      .set({ deliverBy: new Date(now - 36 * hour), createdAt: new Date(now - 37 * hour) })
      .where(eq(orders.id, template.id));
    const late = await order({ createdAt: new Date(now - 50 * 60_000) }); // 20 minutes late
    const packing = await order({ status: "Packing", createdAt: new Date(now - 5 * 60_000) });
    const placed = await order({ createdAt: new Date(now - 60_000) });

    const response = await t.app.inject({
      url: "/api/order/seller?open=true",
      cookies: seller.cookies,
    });
    const queue = response.json<{
      orders: Order[];
      openTotal: number;
      openCounts: Record<string, number>;
    }>();
    expect(queue.openTotal).toBe(staleCount + 3);
    // Each open status counted, listed or not (the page's chips past the cut).
    expect(queue.openCounts).toEqual({
      "Order Placed": 2,
      Packing: 1,
      "Out for Delivery": staleCount,
    });
    expect(queue.orders).toHaveLength(OPEN_QUEUE_LIMIT);
    // Today's orders first, the soonest promise first; then the stale, the most recent first.
    expect(queue.orders.slice(0, 4).map((o) => o._id)).toEqual([
      late.id,
      packing.id,
      placed.id,
      template.id,
    ]);
    const staleDue = queue.orders.slice(3).map((o) => Date.parse(o.deliverBy));
    expect(staleDue).toEqual([...staleDue].sort((a, b) => b - a));
    expect(staleDue.every((due) => due < now - 24 * hour)).toBe(true);
  });

  it("page a shopper back through their own orders with limit and cursor, each once, newest first", async () => {
    const { user, cookies } = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5 });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const order = (userId: string, createdAt: Date, unpaid = false) =>
      insertOrder(t.database.db, {
        userId,
        createdAt,
        items: [{ product: { id: product.id, name: product.name }, quantity: 1, unitPrice: 10 }],
        ...(unpaid
          ? { status: "Awaiting Payment", paymentType: "Online", placedAt: null }
          : { status: "Delivered", isPaid: true }),
      });
    const same = at(30);
    const mine = [];
    for (let i = 0; i < 7; i++) mine.push(await order(user.id, i < 3 ? same : at(25 - i)));
    await order(other.user.id, at(5));
    await order(user.id, at(1), true); // not the shopper's to see until paid
    const newestFirst = [...mine]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1))
      .map((o) => o.id);
    const page = async (query: string) => {
      const response = await t.app.inject({ url: `/api/order/user?${query}`, cookies });
      expect(response.statusCode).toBe(200);
      return response.json<{ orders: Order[]; nextCursor?: string | null }>();
    };
    for (const limit of [1, 3, 10]) {
      const ids: string[] = [];
      let cursor: string | null | undefined;
      do {
        const body = await page(`limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(body.orders.length).toBeLessThanOrEqual(limit);
        ids.push(...body.orders.map((o) => o._id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(ids).toEqual(newestFirst);
    }
    // Without limit or cursor: as before, the newest 200, no cursor.
    const whole = await page("");
    expect(whole.orders.map((o) => o._id)).toEqual(newestFirst);
    expect(whole.nextCursor).toBeUndefined();
    for (const bad of ["limit=0", "limit=201", "cursor=nope", "limit=x"]) {
      const response = await t.app.inject({ url: `/api/order/user?${bad}`, cookies });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it("page back through every order with limit and cursor, newest first, none twice or missed", async () => {
    const seller = await createSeller(t.database.db);
    const { user } = await createShopper(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5 });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const order = (o: Omit<Parameters<typeof insertOrder>[1], "userId" | "items">) =>
      insertOrder(t.database.db, {
        userId: user.id,
        items: [{ product: { id: product.id, name: product.name }, quantity: 1, unitPrice: 10 }],
        ...o,
      });
    const same = at(30);
    const made = [];
    for (const [i, status] of (
      ["Delivered", "Cancelled", "Delivered", "Order Placed", "Delivered", "Delivered"] as const
    ).entries())
      made.push(
        await order({
          status,
          isPaid: status === "Delivered",
          createdAt: i < 2 ? same : at(20 - i),
        }),
      );
    await order({
      status: "Awaiting Payment",
      paymentType: "Online",
      placedAt: null,
      createdAt: at(1),
    });
    const newestFirst = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1))
      .map((o) => o.id);

    const page = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/order/seller?${query}`,
        cookies: seller.cookies,
      });
      return {
        status: response.statusCode,
        body: response.json<{ orders: Order[]; nextCursor?: string | null; message?: string }>(),
      };
    };
    const all = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null | undefined;
      do {
        const { body } = await page(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(body.orders.length).toBeLessThanOrEqual(Number(/limit=(\d+)/.exec(query)![1]));
        ids.push(...body.orders.map((o) => o._id));
        cursor = body.nextCursor;
      } while (cursor);
      return ids;
    };
    expect(await all("limit=4")).toEqual(newestFirst);
    expect(await all("limit=1")).toEqual(newestFirst);
    const delivered = made.filter((o) => o.status === "Delivered").map((o) => o.id);
    expect(await all("status=Delivered&limit=2")).toEqual(
      newestFirst.filter((id) => delivered.includes(id)),
    );
    // Without limit or cursor: as before, the newest 200, no cursor.
    expect((await page("")).body).not.toHaveProperty("nextCursor");
    expect((await page("limit=6")).body.nextCursor).toBeNull();

    for (const query of [
      "cursor=nope",
      "cursor=a2Zvbw",
      "limit=0",
      "limit=201",
      "open=true&limit=5",
      "refundDue=true&cursor=x",
    ]) {
      const refused = await page(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ code: "validation_failed" });
    }
  });

  it("return the stock exactly once when two cancels race", async () => {
    const seller = await createSeller(t.database.db);
    const asha = await shopperWithAddress();
    const product = await insertProduct(t.database.db, { stock: 4 });
    const orderId = (
      await post(
        t.app,
        "/api/order/cod",
        { items: [{ product: product.id, quantity: 4 }], address: asha.address.id },
        asha.cookies,
      )
    ).json<{ orderId: string }>().orderId;
    expect(await stockOf(product.id)).toEqual({ stock: 0, inStock: false });
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        post(
          t.app,
          "/api/order/status",
          { orderId, status: "Cancelled", reason: "out_of_stock" },
          seller.cookies,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toMatchObject({
      message: `Order #${orderId.slice(0, 8)} cancelled`,
    });
    expect(await stockOf(product.id)).toEqual({ stock: 4, inStock: true });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe("Cancelled");
  });
});
