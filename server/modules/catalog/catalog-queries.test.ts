import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, placeCodOrder, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

async function list(query: string) {
  const response = await t.app.inject({ url: `/api/product/list${query}` });
  return {
    response,
    body: response.json<{ products: Product[]; nextCursor?: string | null; message?: string }>(),
  };
}

describe("GET /api/product/list?ids=", () => {
  it("answers only the products asked for, leaving out unknown, malformed and deleted ids", async () => {
    const a = await insertProduct(t.database.db, { name: "Apple" });
    const b = await insertProduct(t.database.db, { name: "Banana", stock: 0 });
    const gone = await insertProduct(t.database.db, { name: "Gone", deletedAt: new Date() });
    await insertProduct(t.database.db, { name: "Not asked" });
    const ids = [a.id, b.id, gone.id, "00000000-0000-0000-0000-000000000000", "not-a-uuid"];
    const { response, body } = await list(`?ids=${ids.join(",")}`);
    expect(response.statusCode).toBe(200);
    expect(body.products.map((p) => p.name).sort()).toEqual(["Apple", "Banana"]);
    expect(body.products.find((p) => p.name === "Banana")).toMatchObject({ inStock: false });
  });

  it("takes up to 100 ids, refuses more, and refuses an empty list", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await insertProduct(t.database.db));
    const hundred = [
      ...made.map((p) => p.id),
      ...Array.from(
        { length: 97 },
        (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, "0")}`,
      ),
    ];
    expect((await list(`?ids=${hundred.join(",")}`)).body.products).toHaveLength(3);
    const tooMany = await list(
      `?ids=${[...hundred, "11111111-1111-1111-1111-111111111111"].join(",")}`,
    );
    expect(tooMany.response.statusCode).toBe(400);
    expect(tooMany.body.message).toBe("ids must have at most 100 items");
    expect((await list("?ids=")).response.statusCode).toBe(400);
    expect((await list("?ids=,,")).response.statusCode).toBe(400);
  });
});

describe("GET /api/product/list?stock=", () => {
  it("lists low stock (at or below each product's threshold) and sold-out products", async () => {
    await insertProduct(t.database.db, { name: "Plenty", stock: 50 });
    await insertProduct(t.database.db, { name: "Low", stock: 5 });
    await insertProduct(t.database.db, { name: "Sold out", stock: 0 });
    const names = async (q: string) => (await list(q)).body.products.map((p) => p.name).sort();
    expect(await names("?stock=low")).toEqual(["Low", "Sold out"]);
    expect(await names("?stock=out")).toEqual(["Sold out"]);
    expect((await list("?stock=some")).response.statusCode).toBe(400);
  });

  it("follows stock that an order or a restock moves across the threshold (no listing change)", async () => {
    const nearly = await insertProduct(t.database.db, { name: "Nearly", stock: 6 });
    const low = await insertProduct(t.database.db, { name: "Low", stock: 3 });
    const names = async () => (await list("?stock=low")).body.products.map((p) => p.name).sort();
    expect(await names()).toEqual(["Low"]);
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    await placeCodOrder(t.app, shopper.cookies, nearly.id, address.id, 2);
    await expect.poll(names).toEqual(["Low", "Nearly"]);
    const seller = await createSeller(t.database.db);
    const restock = await post(
      t.app,
      "/api/product/restock",
      { id: low.id, quantity: 47 },
      seller.cookies,
    );
    expect(restock.statusCode).toBe(200);
    await expect.poll(names).toEqual(["Nearly"]);
  });
});

describe("a product the seller switched off", () => {
  it("says so in answers (sold out or not), stays off through a restock, and has its own filter", async () => {
    const seller = await createSeller(t.database.db);
    const switchTo = (id: string, inStock: boolean) =>
      post(t.app, "/api/product/stock", { id, inStock }, seller.cookies);
    const kept = await insertProduct(t.database.db, { name: "Kept back", stock: 12 });
    const gone = await insertProduct(t.database.db, { name: "Gone", stock: 0 });
    await insertProduct(t.database.db, { name: "Selling", stock: 9 });
    await insertProduct(t.database.db, { name: "Sold out", stock: 0 });
    expect((await switchTo(kept.id, false)).statusCode).toBe(200);
    expect((await switchTo(gone.id, false)).statusCode).toBe(200);

    const all = (await list("")).body.products;
    const flags = Object.fromEntries(all.map((p) => [p.name, [p.inStock, p.switchedOff]]));
    expect(flags).toEqual({
      "Kept back": [false, true],
      Gone: [false, true],
      Selling: [true, undefined],
      "Sold out": [false, undefined],
    });
    // On sale or merely sold out, the answer has no such field at all.
    expect(all.find((p) => p.name === "Selling")).not.toHaveProperty("switchedOff");
    const off = async () => (await list("?stock=off")).body.products.map((p) => p.name).sort();
    expect(await off()).toEqual(["Gone", "Kept back"]);

    const restock = await post(
      t.app,
      "/api/product/restock",
      { id: gone.id, quantity: 5 },
      seller.cookies,
    );
    expect(restock.json()).toMatchObject({
      product: { stock: 5, inStock: false, switchedOff: true },
    });
    expect((await switchTo(gone.id, true)).statusCode).toBe(200);
    expect(await off()).toEqual(["Kept back"]);
    const back = (await list("")).body.products.find((p) => p.name === "Gone");
    expect(back).toMatchObject({ inStock: true, stock: 5 });
    expect(back).not.toHaveProperty("switchedOff");
  });
});

describe("GET /api/product/list?inStock=true (search, best sellers, related products)", () => {
  it("drops a product the moment it sells out and takes it back when restocked (no listing change)", async () => {
    const last = await insertProduct(t.database.db, { name: "Paneer 200 g", stock: 1 });
    await insertProduct(t.database.db, { name: "Paneer 500 g", stock: 40 });
    const search = async () =>
      (await list("?q=paneer&inStock=true&limit=24")).body.products.map((p) => p.name).sort();
    expect(await search()).toEqual(["Paneer 200 g", "Paneer 500 g"]);

    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    await placeCodOrder(t.app, shopper.cookies, last.id, address.id, 1);
    expect(await search()).toEqual(["Paneer 500 g"]);

    const seller = await createSeller(t.database.db);
    const restock = await post(
      t.app,
      "/api/product/restock",
      { id: last.id, quantity: 10 },
      seller.cookies,
    );
    expect(restock.statusCode).toBe(200);
    expect(await search()).toEqual(["Paneer 200 g", "Paneer 500 g"]);
  });

  it("keeps its rendered answer while orders only move stock counts", async () => {
    const a = await insertProduct(t.database.db, { name: "Curd", stock: 50 });
    await insertProduct(t.database.db, { name: "Ghee", stock: 50 });
    const first = await t.app.inject({ url: "/api/product/list?inStock=true&limit=24" });
    const shopper = await createShopper(t.database.db);
    const address = await insertAddress(t.database.db, shopper.user.id);
    await placeCodOrder(t.app, shopper.cookies, a.id, address.id, 2);
    const after = await list("?inStock=true&limit=24");
    // The count moved (the answer shows it) but no product came or went: same two products.
    expect(after.body.products.map((p) => [p.name, p.stock])).toEqual([
      ["Ghee", 50],
      ["Curd", 48],
    ]);
    expect(after.response.headers.etag).not.toBe(first.headers.etag);
  });
});

describe("crafted cursors", () => {
  const b64 = (text: string) => Buffer.from(text).toString("base64url");
  it.each([
    ["garbage", "not-a-cursor"],
    [
      "the old JSON format with an impossible date",
      b64(
        '{"kind":"keyset","createdAt":"2026-02-31 25:61:00","id":"00000000-0000-0000-0000-000000000000"}',
      ),
    ],
    [
      "a keyset with a time past what a cursor holds",
      b64("k999999999999999999_00000000-0000-0000-0000-000000000000"),
    ],
    ["a keyset with a bad id", b64("k1700000000000000_zzzz")],
    ["a negative offset", b64("o-5")],
    ["an offset past the search depth", b64("o999999")],
    ["an offset cursor without a search", b64("o24")],
    ["binary bytes", Buffer.from([0, 255, 10, 13]).toString("base64url")],
    ["padding and plus signs", "a+b/c=="],
    ["a very long value", "A".repeat(200)],
  ])("answers 400 for %s", async (_what, cursor) => {
    const { response, body } = await list(`?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(response.statusCode).toBe(400);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
  });

  it("answers a well-formed cursor far in the future with an empty page, not an error", async () => {
    await insertProduct(t.database.db);
    const cursor = b64("k1" + "0".repeat(16) + "_00000000-0000-0000-0000-000000000000");
    const before = await list(`?limit=5&cursor=${cursor}`);
    expect(before.response.statusCode).toBe(200);
    expect(before.body.products).toHaveLength(1);
    const past = b64("k0_00000000-0000-0000-0000-000000000000");
    expect((await list(`?limit=5&cursor=${past}`)).body.products).toEqual([]);
  });

  it("still pages through a search and the whole catalogue with the cursors it gives", async () => {
    for (let i = 0; i < 5; i++) await insertProduct(t.database.db, { name: `Rice ${i}` });
    const first = await list("?q=rice&limit=2");
    const second = await list(`?q=rice&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.response.statusCode).toBe(200);
    expect(second.body.products).toHaveLength(2);
  });
});

describe("absolute URLs", () => {
  it("gives every image as an absolute URL under PUBLIC_URL", async () => {
    await insertProduct(t.database.db, { images: ["/media/x-large.webp"] });
    const { body } = await list("");
    expect(body.products[0]!.image).toEqual(["http://localhost:3000/media/x-large.webp"]);
  });
});
