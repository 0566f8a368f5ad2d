import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_STOCK, type StockEntry } from "../../../contract/product";
import { queryRows } from "../../db/database";
import { orders, products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { imagePart, pngImage } from "../../test/images";
import { productUploads } from "../../test/product-uploads";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";
import { cancelExpiredPayments } from "../payments/payment-sweeper";

const t = useTestApp();

async function ledger(productId: string) {
  return queryRows<{
    change: number;
    stock_after: number;
    reason: string;
    order_id: string | null;
    actor: string;
    note: string | null;
  }>(
    t.database.db,
    sql`select change, stock_after, reason, order_id, actor, note from stock_ledger
        where product_id = ${productId} order by id`,
  );
}

async function stockOf(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row!.stock;
}

async function buyer() {
  const shopper = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, shopper.user.id);
  return { ...shopper, address };
}

describe("the stock ledger", () => {
  it("writes exactly one row for each reason, with the change, the stock after it, the order and who", async () => {
    const seller = await createSeller(t.database.db, { email: "owner@shop.example" });
    const shopper = await buyer();
    const product = await insertProduct(t.database.db, { stock: 20 });
    const rows = async () => (await ledger(product.id)).slice(1); // the first row: the factory's stock

    // order
    const placed = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 3 }], address: shopper.address.id },
      shopper.cookies,
    );
    const { orderId } = placed.json<{ orderId: string }>();
    expect(await rows()).toEqual([
      {
        change: -3,
        stock_after: 17,
        reason: "order",
        order_id: orderId,
        actor: "shopper",
        note: null,
      },
    ]);

    // cancel
    await post(t.app, "/api/order/cancel", { orderId }, shopper.cookies);
    expect((await rows()).at(-1)).toEqual({
      change: 3,
      stock_after: 20,
      reason: "cancel",
      order_id: orderId,
      actor: "shopper",
      note: null,
    });

    // restock (a delta) and a removal
    expect(
      (
        await post(
          t.app,
          "/api/product/restock",
          { id: product.id, quantity: 5, note: "Morning delivery" },
          seller.cookies,
        )
      ).statusCode,
    ).toBe(200);
    await post(t.app, "/api/product/restock", { id: product.id, quantity: -2 }, seller.cookies);
    expect((await rows()).slice(-2)).toEqual([
      {
        change: 5,
        stock_after: 25,
        reason: "restock",
        order_id: null,
        actor: "seller owner@shop.example",
        note: "Morning delivery",
      },
      {
        change: -2,
        stock_after: 23,
        reason: "restock",
        order_id: null,
        actor: "seller owner@shop.example",
        note: null,
      },
    ]);

    // seller edit: "set to N", recorded as the difference
    await post(t.app, "/api/product/update", { id: product.id, stock: 30 }, seller.cookies);
    expect((await rows()).at(-1)).toEqual({
      change: 7,
      stock_after: 30,
      reason: "edit",
      order_id: null,
      actor: "seller owner@shop.example",
      note: "Set to 30",
    });
    // An edit that leaves the count as it is writes nothing.
    await post(
      t.app,
      "/api/product/update",
      { id: product.id, stock: 30, name: "Renamed" },
      seller.cookies,
    );
    expect(await rows()).toHaveLength(5);

    // payment hold lapsed
    const online = await post(
      t.app,
      "/api/order/stripe",
      { items: [{ product: product.id, quantity: 4 }], address: shopper.address.id },
      shopper.cookies,
    );
    const onlineId = online.json<{ orderId: string }>().orderId;
    await t.database.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, onlineId));
    expect(await cancelExpiredPayments(t.database.db)).toBe(1);
    expect((await rows()).slice(-2)).toEqual([
      {
        change: -4,
        stock_after: 26,
        reason: "order",
        order_id: onlineId,
        actor: "shopper",
        note: null,
      },
      {
        change: 4,
        stock_after: 30,
        reason: "payment_lapsed",
        order_id: onlineId,
        actor: "system",
        note: null,
      },
    ]);

    const all = await ledger(product.id);
    expect(all.reduce((sum, r) => sum + r.change, 0)).toBe(await stockOf(product.id));
  });

  it("starts with the product's first stock when a seller adds it", async () => {
    const seller = await createSeller(t.database.db, { email: "adder@shop.example" });
    const { upload } = productUploads(t);
    const added = await upload(
      seller.cookies,
      {
        productData: JSON.stringify({
          name: "Eggs",
          category: "Dairy",
          price: 90,
          offerPrice: 80,
          stock: 12,
        }),
      },
      [imagePart(await pngImage())],
    );
    const { product } = added.json<{ product: { _id: string } }>();
    expect(await ledger(product._id)).toEqual([
      {
        change: 12,
        stock_after: 12,
        reason: "restock",
        order_id: null,
        actor: "seller adder@shop.example",
        note: "Initial stock",
      },
    ]);
  });
});

describe("POST /api/product/restock", () => {
  it("adds units to a sold-out product and puts it back on sale", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 0 });
    const response = await post(
      t.app,
      "/api/product/restock",
      { id: product.id, quantity: 24 },
      seller.cookies,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, product: { stock: 24, inStock: true } });
    const listed = await t.app.inject({ url: `/api/product/${product.id}` });
    expect(listed.json()).toMatchObject({ product: { stock: 24, inStock: true } });
  });

  it("keeps a product the seller switched off, off", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5, inStock: false });
    const response = await post(
      t.app,
      "/api/product/restock",
      { id: product.id, quantity: 5 },
      seller.cookies,
    );
    expect(response.json()).toMatchObject({ product: { stock: 10, inStock: false } });
  });

  it("keeps a product the seller switched off, off, through stock 0 and back, until switched on", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5 });
    const restock = async (quantity: number) =>
      (
        await post(t.app, "/api/product/restock", { id: product.id, quantity }, seller.cookies)
      ).json<{ product: { stock: number; inStock: boolean } }>().product;
    await post(t.app, "/api/product/stock", { id: product.id, inStock: false }, seller.cookies);
    expect(await restock(-5)).toMatchObject({ stock: 0, inStock: false });
    expect(await restock(5)).toMatchObject({ stock: 5, inStock: false });
    // Sold out rather than switched off: the restock brings it back.
    await post(t.app, "/api/product/stock", { id: product.id, inStock: true }, seller.cookies);
    expect(await restock(-5)).toMatchObject({ stock: 0, inStock: false });
    expect(await restock(2)).toMatchObject({ stock: 2, inStock: true });

    // A cancelled order's units come back to a product switched off meanwhile: still off.
    const shopper = await buyer();
    const placed = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 2 }], address: shopper.address.id },
      shopper.cookies,
    );
    await post(t.app, "/api/product/stock", { id: product.id, inStock: false }, seller.cookies);
    const { orderId } = placed.json<{ orderId: string }>();
    await post(t.app, "/api/order/cancel", { orderId }, shopper.cookies);
    const listed = await t.app.inject({ url: `/api/product/${product.id}` });
    expect(listed.json()).toMatchObject({ product: { stock: 2, inStock: false } });
  });

  it("refuses an addition past the most a product may hold (409), never a removal", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: MAX_STOCK - 10 });
    const restock = (quantity: number) =>
      post(t.app, "/api/product/restock", { id: product.id, quantity }, seller.cookies);
    const over = await restock(11);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("at most 10,00,000 units"),
    });
    expect(await stockOf(product.id)).toBe(MAX_STOCK - 10);
    expect((await restock(10)).json()).toMatchObject({ product: { stock: MAX_STOCK } });
    // Above it (a cancelled order's units came back): units can still be taken off.
    await t.database.db
      .update(products)
      .set({ stock: MAX_STOCK + 5 })
      .where(eq(products.id, product.id));
    expect((await restock(1)).statusCode).toBe(409);
    expect((await restock(-3)).json()).toMatchObject({ product: { stock: MAX_STOCK + 2 } });
  });

  it("refuses a result below zero (409), a deleted or unknown product (404), 0 and fractions (400)", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 3 });
    const deleted = await insertProduct(t.database.db, { deletedAt: new Date() });
    const below = await post(
      t.app,
      "/api/product/restock",
      { id: product.id, quantity: -4 },
      seller.cookies,
    );
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: "conflict" });
    expect(await stockOf(product.id)).toBe(3);
    for (const id of [deleted.id, "00000000-0000-0000-0000-000000000000", "nope"])
      expect(
        (await post(t.app, "/api/product/restock", { id, quantity: 1 }, seller.cookies)).statusCode,
      ).toBe(404);
    for (const quantity of [0, 1.5, "5"]) {
      const bad = await post(
        t.app,
        "/api/product/restock",
        { id: product.id, quantity },
        seller.cookies,
      );
      expect(bad.statusCode).toBe(400);
    }
    expect(
      (
        await post(
          t.app,
          "/api/product/restock",
          { id: product.id, quantity: 1 },
          (await createShopper(t.database.db)).cookies,
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe("GET /api/product/:id/stock-history", () => {
  it("pages the ledger newest first, for the seller only", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 1 });
    for (let i = 1; i <= 4; i++)
      await post(t.app, "/api/product/restock", { id: product.id, quantity: i }, seller.cookies);
    const page = async (query: string) =>
      (
        await t.app.inject({
          url: `/api/product/${product.id}/stock-history${query}`,
          cookies: seller.cookies,
        })
      ).json<{
        entries: StockEntry[];
        nextCursor: string | null;
      }>();
    const first = await page("?limit=3");
    expect(first.entries.map((e) => e.change)).toEqual([4, 3, 2]);
    expect(first.entries[0]).toMatchObject({ reason: "restock", stockAfter: 11 });
    const second = await page(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.change)).toEqual([1, 1]);
    expect(second.nextCursor).toBeNull();
    expect(
      (await t.app.inject({ url: `/api/product/${product.id}/stock-history` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          url: `/api/product/${product.id}/stock-history?cursor=x`,
          cookies: seller.cookies,
        })
      ).statusCode,
    ).toBe(400);
  });
});
