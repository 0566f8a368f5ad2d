import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { queryRows } from "../../db/database";
import { products } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

async function list(query = "") {
  const response = await t.app.inject({ url: `/api/product/list${query}` });
  return {
    response,
    body: response.json<{
      success: boolean;
      products: Product[];
      nextCursor?: string | null;
      message?: string;
      code?: string;
    }>(),
  };
}

describe("GET /api/product/list", () => {
  it("lists every product not deleted, in and out of stock, newest first, in the contract's shape", async () => {
    const old = await insertProduct(t.database.db, {
      name: "Old Potato",
      createdAt: new Date("2026-01-01"),
    });
    const sold = await insertProduct(t.database.db, {
      name: "Sold Out Onion",
      stock: 0,
      createdAt: new Date("2026-01-02"),
    });
    await insertProduct(t.database.db, { name: "Deleted Carrot", deletedAt: new Date() });
    const fresh = await insertProduct(t.database.db, {
      name: "Fresh Tomato",
      price: 40,
      offerPrice: 32.5,
      createdAt: new Date("2026-01-03"),
    });

    const { response, body } = await list();
    expect(response.statusCode).toBe(200);
    expect(body.success).toBe(true);
    expect(body.products.map((p) => p._id)).toEqual([fresh.id, sold.id, old.id]);
    expect(body.products[0]).toEqual({
      _id: fresh.id,
      name: "Fresh Tomato",
      category: "Vegetables",
      price: 40,
      offerPrice: 32.5,
      image: [
        "http://localhost:3000/media/test-large.webp",
        "http://localhost:3000/media/test-thumb.webp",
      ],
      description: ["A test product."],
      inStock: true,
      stock: 50,
      weight: "500g",
      lowStockThreshold: 5,
      createdAt: fresh.createdAt.toISOString(),
      updatedAt: fresh.updatedAt.toISOString(),
    });
    expect(body.products[1]).toMatchObject({ inStock: false, stock: 0 });
  });

  it("filters by category case-insensitively and by inStock", async () => {
    await insertProduct(t.database.db, { name: "Apple", category: "Fruits" });
    await insertProduct(t.database.db, { name: "Mango", category: "Fruits", stock: 0 });
    await insertProduct(t.database.db, { name: "Milk", category: "Dairy" });

    expect((await list("?category=fruits")).body.products.map((p) => p.name).sort()).toEqual([
      "Apple",
      "Mango",
    ]);
    expect((await list("?category=FRUITS&inStock=true")).body.products.map((p) => p.name)).toEqual([
      "Apple",
    ]);
    const bad = await list("?category=toys");
    expect(bad.response.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: "validation_failed" });
    expect(bad.body.message).toContain("category");
  });

  it("searches names case-insensitively and tolerates small typos", async () => {
    await insertProduct(t.database.db, { name: "Fresh Tomato" });
    await insertProduct(t.database.db, { name: "Amul Taaza Toned Milk", category: "Dairy" });
    await insertProduct(t.database.db, { name: "Basmati Rice", category: "Grains" });

    const names = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).body.products.map((p) => p.name);
    expect(await names("TOMATO")).toEqual(["Fresh Tomato"]);
    expect(await names("tomatto")).toEqual(["Fresh Tomato"]);
    expect(await names("tamato")).toEqual(["Fresh Tomato"]);
    expect(await names("basmatti")).toEqual(["Basmati Rice"]);
    expect(await names("milk")).toEqual(["Amul Taaza Toned Milk"]);
    expect(await names("panner")).toEqual([]);
    expect(await names("zzzqqq")).toEqual([]);
    // "potato" is not a typo of "tomato": a different word must not match.
    await insertProduct(t.database.db, { name: "Potato" });
    expect(await names("tomato")).toEqual(["Fresh Tomato"]);
  });

  it("lists names a typo away only when no name contains the text, closest first", async () => {
    await insertProduct(t.database.db, { name: "Amul Taaza Toned Milk", category: "Dairy" });
    await insertProduct(t.database.db, { name: "Silk Chocolate", category: "Instant" });
    await insertProduct(t.database.db, { name: "Brown Bread", category: "Bakery" });
    await insertProduct(t.database.db, { name: "Bread Crumbs", category: "Bakery" });
    const names = async (query: string) => (await list(query)).body.products.map((p) => p.name);
    // "silk" is a typo away from "milk", but milk is there.
    expect(await names("?q=milk")).toEqual(["Amul Taaza Toned Milk"]);
    expect(await names("?q=bred")).toEqual(["Bread Crumbs", "Brown Bread"]);
    // Decided within the filters: no name in Dairy contains "silk", so its typo is shown there.
    expect(await names("?q=milk&category=dairy")).toEqual(["Amul Taaza Toned Milk"]);
    expect(await names("?q=silk&category=dairy")).toEqual(["Amul Taaza Toned Milk"]);
    // Every page of one search agrees.
    const first = await list("?q=bred&limit=1");
    expect(first.body.products.map((p) => p.name)).toEqual(["Bread Crumbs"]);
    const second = await list(`?q=bred&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.products.map((p) => p.name)).toEqual(["Brown Bread"]);
  });

  describe("as a shopper types it on a phone", () => {
    // Inserted oldest first: the newest (Buttermilk, Red Bull) would lead a newest-first list.
    async function shop() {
      await insertProduct(t.database.db, { name: "Milk", category: "Dairy", stock: 0 });
      await insertProduct(t.database.db, { name: "Amul Taaza Toned Milk", category: "Dairy" });
      await insertProduct(t.database.db, { name: "Onion" });
      await insertProduct(t.database.db, { name: "Brown Bread", category: "Bakery" });
      await insertProduct(t.database.db, { name: "White Sandwich Bread", category: "Bakery" });
      await insertProduct(t.database.db, { name: "Amul Butter", category: "Dairy" });
      await insertProduct(t.database.db, { name: "Milk Bikis", category: "Bakery" });
      for (const pack of ["", " 1 L", " 6 Pack"])
        await insertProduct(t.database.db, {
          name: `Amul Masti Buttermilk${pack}`,
          category: "Dairy",
        });
      await insertProduct(t.database.db, { name: "Red Bull Energy Drink", category: "Drinks" });
    }
    const names = async (query: string) =>
      (await list(`?${query}`)).body.products.map((p) => p.name);
    const search = (q: string) => names(`q=${encodeURIComponent(q)}`);
    const buttermilk = [
      "Amul Masti Buttermilk",
      "Amul Masti Buttermilk 1 L",
      "Amul Masti Buttermilk 6 Pack",
    ];

    it("keys a name in the database as the search reads them (migration 0014)", async () => {
      const [row] = await queryRows<{ keys: string[] }>(
        t.database.db,
        sql`select product_name_keys(${"Amul Taaza-MILK #1234 (500g) Rs Crème"}) as keys`,
      );
      // Words of 3 letters or more without digits, and each without one letter, by its place.
      expect(row!.keys).toEqual(
        ["amul", "taaza", "milk", "crème"].flatMap((word) => [
          word,
          ...[...word].map((_, i) => `${[...word].filter((_, at) => at !== i).join("")}:${i + 1}`),
        ]),
      );
    });

    it("finds a word with two letters swapped (mlik, oinon, onoin)", async () => {
      await shop();
      expect(await search("mlik")).toEqual(["Amul Taaza Toned Milk", "Milk", "Milk Bikis"]);
      expect(await search("oinon")).toEqual(["Onion"]);
      expect(await search("onoin")).toEqual(["Onion"]);
      expect(await search("ONOIN")).toEqual(["Onion"]);
    });

    it("finds a word with one letter wrong, missing or extra", async () => {
      await shop();
      for (const q of ["mulk", "mlk", "milkk", "imlk"])
        expect(await search(q), q).toEqual(["Amul Taaza Toned Milk", "Milk", "Milk Bikis"]);
      // Both words a typo away: Brown Bread has both, the others one ("bred" is "red" and a letter).
      expect(await search("brwon bred")).toEqual([
        "Brown Bread",
        "White Sandwich Bread",
        "Red Bull Energy Drink",
      ]);
    });

    it("lists bread before Red Bull for bred", async () => {
      await shop();
      expect(await search("bred")).toEqual([
        "Brown Bread",
        "White Sandwich Bread",
        "Red Bull Energy Drink",
      ]);
    });

    it("puts the exact name first, then names starting with it, then the word inside a name", async () => {
      await shop();
      expect(await search("milk")).toEqual([
        "Milk",
        "Milk Bikis",
        "Amul Taaza Toned Milk",
        ...buttermilk,
      ]);
    });

    it("lists names with every word (in any order) before Buttermilk and names with only some", async () => {
      await shop();
      const expected = [
        "Amul Taaza Toned Milk",
        ...buttermilk,
        "Amul Butter",
        "Milk",
        "Milk Bikis",
      ];
      expect(await search("amul milk")).toEqual(expected);
      expect(await search("Milk  AMUL")).toEqual(expected);
      // A typo in one word: the name with both still comes first.
      expect((await search("amul mlik"))[0]).toBe("Amul Taaza Toned Milk");
    });

    it("keeps the category and in-stock filters", async () => {
      await shop();
      expect(await names("q=mlik&category=bakery")).toEqual(["Milk Bikis"]);
      expect(await names("q=mlik&inStock=true")).toEqual(["Amul Taaza Toned Milk", "Milk Bikis"]);
      expect(await names("q=milk&inStock=true&category=dairy")).toEqual([
        "Amul Taaza Toned Milk",
        ...buttermilk,
      ]);
    });

    it("pages through a ranked search: each product once, in the order of the whole answer", async () => {
      await shop();
      // Same name, same time: only the id tells them apart.
      const at = new Date("2026-01-01");
      for (let i = 0; i < 3; i++)
        await insertProduct(t.database.db, { name: "Amul Taaza Toned Milk", createdAt: at });
      const whole = (await list("?q=amul%20milk")).body.products.map((p) => p._id);
      expect(whole).toHaveLength(10);
      const paged: string[] = [];
      let cursor: string | null | undefined;
      do {
        const { body } = await list(`?q=amul%20milk&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
        paged.push(...body.products.map((p) => p._id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(10);
      expect((await names("q=amul%20milk&limit=4")).slice(0, 4)).toEqual(
        Array(4).fill("Amul Taaza Toned Milk"),
      );
    });
  });

  it("treats search text as text, never as SQL or a LIKE pattern", async () => {
    await insertProduct(t.database.db, { name: "Fresh Tomato" });
    for (const q of ["%", "_", "' OR 1=1 --", "\\", "'; drop table products; --"]) {
      const { response, body } = await list(`?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      expect(body.products).toEqual([]);
    }
    expect((await list()).body.products).toHaveLength(1);
  });

  it("pages with limit and an opaque cursor, without gaps or repeats", async () => {
    for (let i = 0; i < 7; i++)
      await insertProduct(t.database.db, {
        name: `Item ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const { body } = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...body.products.map((p) => p.name));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["Item 6", "Item 5", "Item 4", "Item 3", "Item 2", "Item 1", "Item 0"]);

    const searched = await list("?q=item&limit=5");
    expect(searched.body.products).toHaveLength(5);
    const rest = await list(`?q=item&limit=5&cursor=${searched.body.nextCursor}`);
    expect(rest.body.products).toHaveLength(2);
    expect(rest.body.nextCursor).toBeNull();
  });

  it.each([
    "?limit=0",
    "?limit=101",
    "?limit=abc",
    "?limit=1.5",
    "?cursor=not-a-cursor",
    "?inStock=yes",
  ])("answers 400 for %s", async (query) => {
    const { response, body } = await list(query);
    expect(response.statusCode).toBe(400);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
  });

  it("answers with an ETag, 304 for a matching If-None-Match, and a new ETag after any change", async () => {
    const product = await insertProduct(t.database.db, { name: "Fresh Tomato" });
    const first = await t.app.inject({ url: "/api/product/list" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await t.app.inject({
      url: "/api/product/list",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await t.database.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    // The database's change notification reaches the cache; give it a moment on a real server.
    await expect
      .poll(
        async () =>
          (await t.app.inject({ url: "/api/product/list", headers: { "if-none-match": etag } }))
            .statusCode,
      )
      .toBe(200);
    const changed = await list();
    expect(changed.body.products[0]?.stock).toBe(3);
    expect(changed.response.headers.etag).not.toBe(etag);
  });
});

describe("GET /api/product/:id", () => {
  it("returns one product with an ETag", async () => {
    const product = await insertProduct(t.database.db, { name: "Fresh Tomato" });
    const response = await t.app.inject({ url: `/api/product/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      product: { _id: product.id, name: "Fresh Tomato" },
    });
    const etag = response.headers.etag as string;
    expect(
      (
        await t.app.inject({
          url: `/api/product/${product.id}`,
          headers: { "if-none-match": etag },
        })
      ).statusCode,
    ).toBe(304);
  });

  it.each(["00000000-0000-0000-0000-000000000000", "not-a-uuid", "' or 1=1 --"])(
    "answers 404 for the unknown id %s",
    async (id) => {
      const response = await t.app.inject({ url: `/api/product/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        code: "not_found",
        message: "Product not found",
      });
    },
  );

  it("answers 404 for a deleted product", async () => {
    const product = await insertProduct(t.database.db, { deletedAt: new Date() });
    expect((await t.app.inject({ url: `/api/product/${product.id}` })).statusCode).toBe(404);
  });
});
