import { describe, expect, it } from "vitest";
import { homeBestSellers } from "../../../contract/catalogue-urls";
import type { Product } from "../../../contract/product";
import { insertOrder, insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

// Best Sellers follow sales (turn 3, 2/10): in-stock products by units sold in the last 30 days,
// cancelled orders and unpaid checkouts left out, newest first among equals.

const t = useTestApp();
const days = (n: number) => n * 24 * 60 * 60_000;

async function names(query: string) {
  const response = await t.app.inject({ url: `/api/product/list?${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json<{ products: Product[] }>().products.map((p) => p.name);
}

async function shopper() {
  const made = await createShopper(t.database.db);
  const address = await insertAddress(t.database.db, made.user.id);
  return { ...made, address };
}

describe("GET /api/product/list?sort=bestselling", () => {
  it("lists a shop that has sold nothing newest first: the spec's first five in stock", async () => {
    for (let i = 1; i <= 7; i++)
      await insertProduct(t.database.db, { name: `P${i}`, stock: i === 6 ? 0 : 10 });
    expect(await names("sort=bestselling&inStock=true&limit=5")).toEqual([
      "P7",
      "P5",
      "P4",
      "P3",
      "P2",
    ]);
    expect(await names("inStock=true&limit=5")).toEqual(["P7", "P5", "P4", "P3", "P2"]);
  });

  it("ranks by units sold in the last 30 days; cancelled orders, unpaid checkouts and older sales do not count", async () => {
    const buyer = await shopper();
    const rice = await insertProduct(t.database.db, { name: "Rice", stock: 100 });
    const milk = await insertProduct(t.database.db, { name: "Milk", stock: 100 });
    const eggs = await insertProduct(t.database.db, { name: "Eggs", stock: 100 });
    const ghee = await insertProduct(t.database.db, { name: "Ghee", stock: 100 });
    const salt = await insertProduct(t.database.db, { name: "Salt", stock: 100 });
    const soldOut = await insertProduct(t.database.db, { name: "Sold out", stock: 0 });
    const line = (p: { id: string; name: string }, quantity: number) => ({
      product: p,
      quantity,
      unitPrice: 10,
    });
    // Rice: 3 units this week. Milk: 1 unit (and 2 in an order the seller cancelled).
    await placeCodOrder(t.app, buyer.cookies, rice.id, buyer.address.id, 3);
    await placeCodOrder(t.app, buyer.cookies, milk.id, buyer.address.id, 1);
    const cancelled = await placeCodOrder(t.app, buyer.cookies, milk.id, buyer.address.id, 2);
    expect(
      (await post(t.app, "/api/order/cancel", { orderId: cancelled }, buyer.cookies)).statusCode,
    ).toBe(200);
    // Eggs: 50 units in an online checkout not paid yet.
    const unpaid = await post(
      t.app,
      "/api/order/stripe",
      { items: [{ product: eggs.id, quantity: 10 }], address: buyer.address.id },
      buyer.cookies,
    );
    expect(unpaid.statusCode).toBe(200);
    // Ghee: 40 units, 31 days ago.
    await insertOrder(t.database.db, {
      userId: buyer.user.id,
      items: [line(ghee, 40)],
      createdAt: new Date(Date.now() - days(31)),
    });
    // Salt: 2 units delivered 29 days ago. The product sold out still sold, but is not in stock.
    await insertOrder(t.database.db, {
      userId: buyer.user.id,
      status: "Delivered",
      items: [line(salt, 2), line(soldOut, 9)],
      createdAt: new Date(Date.now() - days(29)),
    });

    expect(await names("sort=bestselling&inStock=true&limit=5")).toEqual([
      "Rice",
      "Salt",
      "Milk",
      "Ghee",
      "Eggs",
    ]);
    // Without inStock, the product sold out leads; without limit, every product, ranked.
    expect(await names("sort=bestselling&limit=2")).toEqual(["Sold out", "Rice"]);
    expect(await names("sort=bestselling")).toEqual([
      "Sold out",
      "Rice",
      "Salt",
      "Milk",
      "Ghee",
      "Eggs",
    ]);
    // Within a category, too.
    await insertProduct(t.database.db, { name: "Mango", category: "Fruits" });
    expect(await names("sort=bestselling&category=fruits&limit=5")).toEqual(["Mango"]);
  });

  it("is the home page's Best Sellers, and refuses what it cannot do", async () => {
    expect(homeBestSellers()).toBe("/api/product/list?inStock=true&sort=bestselling&limit=5");
    for (const query of [
      "sort=popular",
      "sort=bestselling&q=rice",
      "sort=bestselling&limit=5&cursor=abc",
      "sort=bestselling&ids=00000000-0000-0000-0000-000000000000",
    ]) {
      const response = await t.app.inject({ url: `/api/product/list?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed" });
    }
  });
});
