import { describe, expect, it } from "vitest";
import type { ProductListResponse } from "../../../contract/product";
import type { ProductCounts } from "../../../contract/seller";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

async function counts(query = "", cookies?: Record<string, string>) {
  const seller = cookies ?? (await createSeller(t.database.db)).cookies;
  const response = await t.app.inject({
    url: `/api/seller/product-counts${query}`,
    cookies: seller,
  });
  return {
    response,
    body: response.json<{ counts: ProductCounts; code?: string; message?: string }>(),
  };
}

/** How many products the list answers for `query` (every one: no `limit`). */
async function listed(query: string): Promise<number> {
  const response = await t.app.inject({ url: `/api/product/list?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductListResponse>().products.length;
}

/** The counts the list's own answers give for `query` (q and category). */
async function countedByList(query: string): Promise<ProductCounts> {
  const sep = query ? "&" : "";
  return {
    all: await listed(query),
    low: await listed(`${query}${sep}stock=low`),
    out: await listed(`${query}${sep}stock=out`),
    off: await listed(`${query}${sep}stock=off`),
  };
}

/** A shop with each stock state, some in two, and deleted products of each. */
async function mixedShop() {
  const db = t.database.db;
  await insertProduct(db, { name: "Basmati Rice", category: "Grains", stock: 50 });
  // At its threshold (5 by default) is low.
  await insertProduct(db, { name: "Amul Toned Milk", category: "Dairy", stock: 5 });
  await insertProduct(db, {
    name: "Toor Dal",
    category: "Grains",
    stock: 6,
    lowStockThreshold: 10,
  });
  await insertProduct(db, { name: "Brown Bread", category: "Bakery", stock: 0 });
  await insertProduct(db, { name: "Cow Ghee", category: "Dairy", stock: 30, switchedOff: true });
  // Switched off and sold out: in all three.
  await insertProduct(db, { name: "Malai Paneer", category: "Dairy", stock: 0, switchedOff: true });
  // A threshold of 0: low only once sold out.
  await insertProduct(db, {
    name: "Rock Salt",
    category: "Grains",
    stock: 0,
    lowStockThreshold: 0,
  });
  await insertProduct(db, { name: "Sea Salt", category: "Grains", stock: 1, lowStockThreshold: 0 });
  const gone = new Date();
  await insertProduct(db, { name: "Gone Milk", category: "Dairy", stock: 0, deletedAt: gone });
  await insertProduct(db, { name: "Gone Rice", category: "Grains", stock: 2, deletedAt: gone });
  await insertProduct(db, {
    name: "Gone Ghee",
    category: "Dairy",
    stock: 9,
    switchedOff: true,
    deletedAt: gone,
  });
}

describe("GET /api/seller/product-counts", () => {
  it("counts every product and those of each stock level, as the list's stock filter lists them", async () => {
    await mixedShop();
    const { response, body } = await counts();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    // low: Milk (5 of 5), Dal (6 of 10), Bread, Paneer, Rock Salt; out: Bread, Paneer, Rock Salt;
    // off: Ghee, Paneer. Sea Salt (1 unit, threshold 0) is in none.
    expect(body).toEqual({ success: true, counts: { all: 8, low: 5, out: 3, off: 2 } });
    expect(body.counts).toEqual(await countedByList(""));
  });

  it("never counts deleted products", async () => {
    const db = t.database.db;
    const gone = new Date();
    await insertProduct(db, { name: "Gone Milk", stock: 0, deletedAt: gone });
    await insertProduct(db, { name: "Gone Ghee", stock: 9, switchedOff: true, deletedAt: gone });
    expect((await counts()).body.counts).toEqual({ all: 0, low: 0, out: 0, off: 0 });

    const seller = await createSeller(db);
    const kept = await insertProduct(db, { name: "Kept Milk", stock: 0 });
    expect((await counts("", seller.cookies)).body.counts).toEqual({
      all: 1,
      low: 1,
      out: 1,
      off: 0,
    });
    const deleted = await post(t.app, "/api/product/delete", { id: kept.id }, seller.cookies);
    expect(deleted.statusCode).toBe(200);
    expect((await counts("", seller.cookies)).body.counts).toEqual({
      all: 0,
      low: 0,
      out: 0,
      off: 0,
    });
  });

  it("narrows to a category, matched as the list matches it", async () => {
    await mixedShop();
    const dairy = { all: 3, low: 2, out: 1, off: 2 }; // Milk, Ghee, Paneer
    expect((await counts("?category=dairy")).body.counts).toEqual(dairy);
    expect((await counts("?category=DAIRY")).body.counts).toEqual(dairy);
    expect(await countedByList("category=dairy")).toEqual(dairy);
    expect((await counts("?category=Grains")).body.counts).toEqual({
      all: 4,
      low: 2,
      out: 1,
      off: 0,
    });
    expect((await counts("?category=fruits")).body.counts).toEqual({
      all: 0,
      low: 0,
      out: 0,
      off: 0,
    });
  });

  it("narrows to what a search lists, typos included", async () => {
    await mixedShop();
    expect((await counts("?q=salt")).body.counts).toEqual({ all: 2, low: 1, out: 1, off: 0 });
    // A typo of "paneer" (no name has "paner").
    expect((await counts("?q=paner")).body.counts).toEqual({ all: 1, low: 1, out: 1, off: 1 });
    expect((await counts("?q=milk&category=grains")).body.counts).toEqual({
      all: 0,
      low: 0,
      out: 0,
      off: 0,
    });
    // An empty search is none, as in the list.
    expect((await counts("?q=")).body.counts).toEqual((await counts()).body.counts);
  });

  it("counts for each stock level what the search lists with that filter", async () => {
    await mixedShop();
    // "silk" is a typo of "milk", looked for only where no name has "silk": in the whole
    // catalogue Silk Chocolate has it, but among the low-stock products none does, so there the
    // search lists Amul Toned Milk.
    await insertProduct(t.database.db, { name: "Silk Chocolate", category: "Instant", stock: 40 });
    expect((await counts("?q=silk")).body.counts).toEqual({ all: 1, low: 1, out: 0, off: 0 });

    const searches = ["silk", "milk", "amul milk", "salt", "ghe", "to", "%", "rice dal", "xyzzy"];
    for (const q of searches)
      for (const category of ["", "dairy", "grains"]) {
        const query = [`q=${encodeURIComponent(q)}`, category && `category=${category}`]
          .filter(Boolean)
          .join("&");
        expect((await counts(`?${query}`)).body.counts, query).toEqual(await countedByList(query));
      }
  });

  it("answers 401 without a seller session, before reading the query", async () => {
    await mixedShop();
    const shopper = await createShopper(t.database.db);
    for (const cookies of [{}, shopper.cookies]) {
      for (const query of ["", "?category=toys"]) {
        const { response, body } = await counts(query, cookies);
        expect(response.statusCode).toBe(401);
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(body).toMatchObject({ success: false, code: "not_authorized" });
        expect(body).not.toHaveProperty("counts");
      }
    }
  });

  it("answers 400 validation_failed to an unknown category or an overlong search", async () => {
    const bad = await counts("?category=toys");
    expect(bad.response.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: "validation_failed" });
    expect(bad.body.message).toContain("category");
    const long = await counts(`?q=${"a".repeat(101)}`);
    expect(long.response.statusCode).toBe(400);
    expect(long.body).toMatchObject({ success: false, code: "validation_failed" });
  });
});
