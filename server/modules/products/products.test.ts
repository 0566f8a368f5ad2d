import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../contract/order";
import type { Product } from "../../../contract/product";
import { queryRows } from "../../db/database";
import { products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

const notAuthorized = { success: false, code: "not_authorized", message: "Not Authorized" };

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

/** Reads the list (so the answer is cached), runs `change`, then reads it again at once. */
async function listAround(change: () => Promise<unknown>) {
  const before = await t.app.inject({ url: "/api/product/list" });
  expect(before.statusCode).toBe(200);
  await change();
  const after = await t.app.inject({ url: "/api/product/list" });
  return {
    etagChanged: before.headers.etag !== after.headers.etag,
    products: after.json<{ products: Product[] }>().products,
  };
}

describe("seller product calls without a seller session", () => {
  it("answer 401 Not Authorized and change nothing, even with a shopper session", async () => {
    const product = await insertProduct(t.database.db, { stock: 0 });
    const before = await rowOf(product.id);
    const shopper = await createShopper(t.database.db);
    for (const cookies of [{}, shopper.cookies, { seller_sid: "made-up" }] as Record<
      string,
      string
    >[]) {
      for (const [url, body] of [
        ["/api/product/update", { id: product.id, name: "Hacked", stock: 5 }],
        ["/api/product/delete", { id: product.id }],
        ["/api/product/stock", { id: product.id, inStock: false }],
        // The session is checked first: even an invalid body answers 401, not 400.
        ["/api/product/update", { id: 42 }],
      ] as const) {
        const response = await post(t.app, url, body, cookies);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(notAuthorized);
      }
    }
    expect(await rowOf(product.id)).toEqual(before);
  });

  it("stop working once the seller logs out", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db);
    await post(t.app, "/api/seller/logout", {}, cookies);
    const response = await post(t.app, "/api/product/delete", { id: product.id }, cookies);
    expect(response.statusCode).toBe(401);
    expect((await rowOf(product.id)).deletedAt).toBeNull();
  });
});

describe("POST /api/product/update", () => {
  it("changes the given fields, checks the offer price against the result, ignores server-owned fields", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { price: 50, offerPrice: 45, stock: 0 });
    const update = (body: object) =>
      post(t.app, "/api/product/update", { id: product.id, ...body }, cookies);

    const tooHigh = await update({ offerPrice: 60 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({
      code: "validation_failed",
      message: expect.stringMatching(/offerPrice/),
    });
    // Lowering the price under the current offer price is the same mistake.
    expect((await update({ price: 40 })).statusCode).toBe(400);
    expect((await update({ price: 0 })).statusCode).toBe(400);
    expect((await update({ offerPrice: 10.555 })).statusCode).toBe(400);
    expect((await update({ name: "" })).statusCode).toBe(400);
    expect((await update({ name: "Line\nbreak" })).statusCode).toBe(400);
    expect((await update({ stock: -1 })).statusCode).toBe(400);
    expect((await update({ stock: 2.5 })).statusCode).toBe(400);
    expect((await update({ category: "Toys" })).statusCode).toBe(400);
    expect(await rowOf(product.id)).toMatchObject({
      pricePaise: 5000,
      offerPricePaise: 4500,
      name: product.name,
    });

    const { etagChanged, products: listed } = await listAround(async () => {
      const updated = await update({
        name: "Better Name",
        description: ["Crisp", "Local"],
        category: "fruits",
        price: 70,
        offerPrice: 60,
        weight: "1 kg",
        image: ["/media/evil.webp"],
        userId: "x",
        createdAt: "2000-01-01T00:00:00.000Z",
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        success: true,
        message: "Product Updated",
        product: {
          _id: product.id,
          name: "Better Name",
          description: ["Crisp", "Local"],
          category: "Fruits",
          price: 70,
          offerPrice: 60,
          weight: "1 kg",
          image: product.images.map((path) => `http://localhost:3000${path}`),
          createdAt: product.createdAt.toISOString(),
        },
      });
    });
    expect(etagChanged).toBe(true);
    expect(listed).toMatchObject([{ name: "Better Name", price: 70 }]);
    expect((await update({ weight: null })).json()).not.toHaveProperty("product.weight");
  });

  it("stock 0 takes a product off sale; a restock from 0 puts it back; a seller's switch-off stays off", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { stock: 5 });
    const update = (body: object) =>
      post(t.app, "/api/product/update", { id: product.id, ...body }, cookies);

    expect((await update({ stock: 0 })).json()).toMatchObject({
      product: { stock: 0, inStock: false },
    });
    expect((await update({ stock: 12, inStock: false })).json()).toMatchObject({
      product: { stock: 12, inStock: true },
    });
    await post(t.app, "/api/product/stock", { id: product.id, inStock: false }, cookies);
    expect((await update({ stock: 40 })).json()).toMatchObject({
      product: { stock: 40, inStock: false },
    });
    expect((await update({ name: "Renamed" })).json()).toMatchObject({
      product: { stock: 40, inStock: false },
    });
  });

  it("answers 404 for an unknown, malformed or deleted id", async () => {
    const { cookies } = await createSeller(t.database.db);
    const deleted = await insertProduct(t.database.db, { deletedAt: new Date() });
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000", deleted.id]) {
      const response = await post(t.app, "/api/product/update", { id, name: "x" }, cookies);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
    expect((await rowOf(deleted.id)).name).toBe(deleted.name);
  });
});

describe("POST /api/product/stock", () => {
  it("switches on and off, refusing to switch on with no units (409), and shows it at once", async () => {
    const { cookies } = await createSeller(t.database.db);
    const empty = await insertProduct(t.database.db, { name: "Basil", stock: 0 });
    const stocked = await insertProduct(t.database.db, { stock: 5 });
    const stock = (id: string, inStock: unknown) =>
      post(t.app, "/api/product/stock", { id, inStock }, cookies);

    const refused = await stock(empty.id, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      code: "conflict",
      message: "Set a stock count above 0 before marking Basil in stock.",
    });
    expect(await rowOf(empty.id)).toMatchObject({ inStock: false, stock: 0 });

    const off = await listAround(async () =>
      expect((await stock(stocked.id, false)).json()).toEqual({
        success: true,
        message: "Stock Updated",
      }),
    );
    expect(off.etagChanged).toBe(true);
    expect(off.products.find((p) => p._id === stocked.id)).toMatchObject({
      inStock: false,
      stock: 5,
    });
    const on = await listAround(async () =>
      expect((await stock(stocked.id, true)).statusCode).toBe(200),
    );
    expect(on.etagChanged).toBe(true);
    expect(on.products.find((p) => p._id === stocked.id)).toMatchObject({ inStock: true });

    expect((await stock(stocked.id, "yes")).statusCode).toBe(400);
    expect((await stock(empty.id, false)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown, malformed or deleted id", async () => {
    const { cookies } = await createSeller(t.database.db);
    const deleted = await insertProduct(t.database.db, {
      deletedAt: new Date(),
      stock: 3,
      inStock: false,
    });
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000", deleted.id]) {
      for (const inStock of [true, false]) {
        const response = await post(t.app, "/api/product/stock", { id, inStock }, cookies);
        expect(response.statusCode).toBe(404);
      }
    }
    expect((await rowOf(deleted.id)).inStock).toBe(false);
  });
});

describe("POST /api/product/delete", () => {
  it("hides the product: gone from the list at once, 404 by id, a second delete 404", async () => {
    const { cookies } = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, { name: "Gone Soon" });
    const kept = await insertProduct(t.database.db, { name: "Staying" });
    const { etagChanged, products: listed } = await listAround(async () =>
      expect(
        (await post(t.app, "/api/product/delete", { id: product.id }, cookies)).json(),
      ).toEqual({
        success: true,
        message: "Product Deleted",
      }),
    );
    expect(etagChanged).toBe(true);
    expect(listed.map((p) => p._id)).toEqual([kept.id]);
    expect((await t.app.inject({ url: `/api/product/${product.id}` })).statusCode).toBe(404);
    const again = await post(t.app, "/api/product/delete", { id: product.id }, cookies);
    expect(again.statusCode).toBe(404);
    expect((await post(t.app, "/api/product/delete", { id: "nope" }, cookies)).statusCode).toBe(
      404,
    );
    expect((await rowOf(product.id)).deletedAt).toBeInstanceOf(Date);
  });

  it("leaves past orders as they were: the order still lists the product's snapshot", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    const product = await insertProduct(t.database.db, {
      name: "Paneer",
      price: 90,
      offerPrice: 80,
    });
    const placed = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 2 }], address: address.id },
      shopper.cookies,
    );
    expect(placed.statusCode).toBe(201);
    await post(
      t.app,
      "/api/product/update",
      { id: product.id, name: "Renamed", price: 200, offerPrice: 150 },
      seller.cookies,
    );
    await post(t.app, "/api/product/delete", { id: product.id }, seller.cookies);

    const { orders } = (
      await t.app.inject({ url: "/api/order/user", cookies: shopper.cookies })
    ).json<{ orders: Order[] }>();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.items).toMatchObject([
      { product: { _id: product.id, name: "Paneer", offerPrice: 80 }, quantity: 2 },
    ]);
    expect(orders[0]!.amount).toBe(160);
    const [items] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from order_items`,
    );
    expect(items!.n).toBe("1");
  });
});
