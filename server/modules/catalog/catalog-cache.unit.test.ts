import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { SETTLED_MS } from "../../http/versioned-answer";
import { CatalogCache, SALES_MAX_AGE_MS, SALES_MIN_AGE_MS } from "./catalog-cache";
import { StockBoard } from "./stock-board";

const product = (id: string, stock: number): Product => ({
  _id: id,
  name: `Product ${id}`,
  category: "Fruits",
  price: 10,
  offerPrice: 9,
  image: [],
  description: [],
  inStock: stock > 0,
  stock,
  lowStockThreshold: 5,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function setup() {
  const cache = new CatalogCache(new StockBoard());
  let reads = 0;
  const page = async () => {
    reads++;
    return { entries: [{ product: product("a", 3), stockVersion: 10 }], nextCursor: null };
  };
  const listed = async () =>
    JSON.parse((await cache.list("k", page)).body) as { products: Product[] };
  return { cache, listed, reads: () => reads };
}

describe("CatalogCache", () => {
  it("shows a newer stock from the board without reading the products again", async () => {
    const { cache, listed, reads } = setup();
    expect((await listed()).products[0]).toMatchObject({ stock: 3, inStock: true });
    cache.board.offer("a", {
      stock: 0,
      inStock: false,
      version: 11,
      updatedAt: "2026-01-02T00:00:00.000Z",
    });
    expect((await listed()).products[0]).toMatchObject({
      stock: 0,
      inStock: false,
      updatedAt: "2026-01-02T00:00:00.000Z",
    });
    expect(reads()).toBe(1);
  });

  it("reads its lists again at once when a stock change takes a listed product out of stock or back", async () => {
    const { cache, listed, reads } = setup();
    await listed();
    const at = (stock: number, version: number) => ({
      stock,
      inStock: stock > 0,
      version,
      updatedAt: "2026-01-02T00:00:00.000Z",
    });
    // A count that moves within in-stock keeps the list's products (the overlay shows it).
    cache.stockChanged("a", at(2, 11));
    await listed();
    expect(reads()).toBe(1);
    // An order for a product no kept answer shows drops nothing.
    cache.stockChanged("z", at(0, 5));
    await listed();
    expect(reads()).toBe(1);
    // Sold out: an in-stock list may have to lose it, without waiting for the database's notice.
    cache.stockChanged("a", at(0, 12));
    await listed();
    expect(reads()).toBe(2);
    // The same change again (the ledger feed after the order's own offer) is old news.
    cache.stockChanged("a", at(0, 12));
    await listed();
    expect(reads()).toBe(2);
    // Units returned to a product no kept answer shows (a cancellation): it may belong in one now.
    cache.stockChanged("y", at(3, 7), true);
    await listed();
    expect(reads()).toBe(3);
  });

  it("ignores an older stock reading than the one it holds", async () => {
    const { cache, listed } = setup();
    await listed();
    cache.board.offer("a", { stock: 99, inStock: true, version: 9, updatedAt: "x" });
    expect((await listed()).products[0]!.stock).toBe(3);
  });

  it("reads again after a listing change, and the ETag follows the body", async () => {
    const { cache, listed, reads } = setup();
    await listed();
    const before = await cache.list("k", () => Promise.reject(new Error("cached")));
    cache.listingChanged("a");
    const after = await cache.list("k", async () => ({ entries: [], nextCursor: null }));
    expect(after.etag).not.toBe(before.etag);
    cache.listingChanged();
    await listed();
    expect(reads()).toBe(2);
  });

  it("does not keep an answer read while a listing change happened", async () => {
    const cache = new CatalogCache(new StockBoard());
    let reads = 0;
    await cache.list("k", async () => {
      reads++;
      cache.listingChanged();
      return { entries: [], nextCursor: null };
    });
    await cache.list("k", async () => {
      reads++;
      return { entries: [], nextCursor: null };
    });
    expect(reads).toBe(2);
  });

  it("re-renders an answer only when one of its own products' stock changes", async () => {
    const { cache, listed } = setup();
    await listed();
    const first = await cache.list("k", () => Promise.reject(new Error("not cached")));
    const sold = { stock: 2, inStock: true, updatedAt: "2026-01-02T00:00:00.000Z" };
    // Another product sells (an order for something this answer does not show).
    cache.board.offer("b", { ...sold, version: 5 });
    cache.board.offer("b", { ...sold, stock: 1, version: 6 });
    expect(await cache.list("k", () => Promise.reject(new Error("not cached")))).toBe(first);
    // One of its own does.
    cache.board.offer("a", { ...sold, version: 11 });
    const second = await cache.list("k", () => Promise.reject(new Error("not cached")));
    expect(second).not.toBe(first);
    expect(JSON.parse(second.body)).toMatchObject({ products: [{ _id: "a", stock: 2 }] });
    expect(second.etag).not.toBe(first.etag);
    expect(await cache.list("k", () => Promise.reject(new Error("not cached")))).toBe(second);
  });

  it("renders again from the page after the board forgets what it knew", async () => {
    const { cache, listed } = setup();
    await listed();
    cache.board.offer("a", { stock: 1, inStock: true, version: 11, updatedAt: "x" });
    expect((await listed()).products[0]!.stock).toBe(1);
    cache.board.clear();
    expect((await listed()).products[0]!.stock).toBe(3);
  });

  it("marks an answer that replaced one younger than a second as churning (a sale), and not otherwise", async () => {
    let now = 0;
    const cache = new CatalogCache(new StockBoard(), () => now);
    const page = async () => ({
      entries: [{ product: product("a", 3), stockVersion: 10 }],
      nextCursor: null,
    });
    const sale = (version: number) =>
      cache.board.offer("a", { stock: 100 - version, inStock: true, version, updatedAt: "x" });
    expect((await cache.list("k", page)).churning).toBe(false);
    now = 5000;
    sale(11);
    expect((await cache.list("k", page)).churning).toBe(false);
    now = 5000 + SETTLED_MS - 1;
    sale(12);
    const during = await cache.list("k", page);
    expect(during).toMatchObject({ churning: true, madeAt: 5000 + SETTLED_MS - 1 });
    now += SETTLED_MS;
    sale(13);
    expect((await cache.list("k", page)).churning).toBe(false);
  });
  it("reads a list chosen by stock again once any product's stock changed, keeping an unchanged answer's version", async () => {
    const cache = new CatalogCache(new StockBoard());
    let low = [product("a", 3)];
    let reads = 0;
    const page = async () => {
      reads++;
      return { entries: low.map((p) => ({ product: p, stockVersion: 10 })), nextCursor: null };
    };
    const lowList = () => cache.list("stock=low", page, "stock");
    const first = await lowList();
    await lowList();
    expect(reads).toBe(2); // its own read told the board of "a": read once more, then kept
    expect(await lowList()).toBe(first);
    expect(reads).toBe(2);
    // "b", not in the list, sells down to its threshold: the list gains it.
    low = [product("a", 3), product("b", 4)];
    cache.board.offer("b", { stock: 4, inStock: true, version: 20, updatedAt: "x" });
    const after = JSON.parse((await lowList()).body) as { products: Product[] };
    expect(after.products.map((p) => p._id)).toEqual(["a", "b"]);
    expect(reads).toBe(3);
    // A list not chosen by stock keeps its products whatever others' stock does.
    let plainReads = 0;
    const plain = async () => {
      plainReads++;
      return { entries: [{ product: product("a", 3), stockVersion: 10 }], nextCursor: null };
    };
    await cache.list("all", plain);
    cache.board.offer("c", { stock: 1, inStock: true, version: 5, updatedAt: "x" });
    await cache.list("all", plain);
    expect(plainReads).toBe(1);
  });

  it("reads a list chosen by sales again after a stock change once it is a few seconds old, and at least every minute", async () => {
    let now = 1_000_000;
    const cache = new CatalogCache(new StockBoard(), () => now);
    let reads = 0;
    const page = async () => {
      reads++;
      return { entries: [{ product: product("a", 3), stockVersion: 10 }] };
    };
    const best = () => cache.list("sort=bestselling", page, "sales");
    const first = await best();
    // Its own read told the board of "a": a stock change, but too recent to read it again.
    expect(await best()).toBe(first);
    expect(reads).toBe(1);
    now += SALES_MIN_AGE_MS - 1;
    await best();
    expect(reads).toBe(1);
    // An order for "b" (no stock change among its products) after the few seconds: read again.
    now += 1;
    cache.board.offer("b", { stock: 1, inStock: true, version: 20, updatedAt: "x" });
    await best();
    expect(reads).toBe(2);
    // Nothing sold since: kept, until the minute is up (a payment confirmed moves no stock).
    now += SALES_MIN_AGE_MS;
    await best();
    expect(reads).toBe(2);
    now += SALES_MAX_AGE_MS;
    await best();
    expect(reads).toBe(3);
  });
});

describe("the offer prices a cart's quote reads", () => {
  function priced() {
    const cache = new CatalogCache(new StockBoard());
    const asked: string[][] = [];
    let paise = new Map([
      ["a", 4500],
      ["b", 9900],
    ]);
    const read = async (ids: string[]) => {
      asked.push(ids);
      return new Map(ids.flatMap((id) => (paise.has(id) ? [[id, paise.get(id)!] as const] : [])));
    };
    return { cache, asked, read, setPrices: (next: Map<string, number>) => (paise = next) };
  }

  it("reads each product once, a product not on sale too, until a listing changes", async () => {
    const { cache, asked, read, setPrices } = priced();
    expect(await cache.offerPrices(["a", "x"], read)).toEqual(
      new Map([
        ["a", 4500],
        ["x", null],
      ]),
    );
    expect(await cache.offerPrices(["a", "b", "x"], read)).toEqual(
      new Map([
        ["a", 4500],
        ["b", 9900],
        ["x", null],
      ]),
    );
    expect(asked).toEqual([["a", "x"], ["b"]]);

    setPrices(new Map([["a", 5000]]));
    cache.listingChanged("a");
    expect(await cache.offerPrices(["a", "b"], read)).toEqual(
      new Map([
        ["a", 5000],
        ["b", null],
      ]),
    );
    expect(asked.at(-1)).toEqual(["a", "b"]);
  });

  it("keeps nothing it read while a listing changed", async () => {
    const { cache, asked, read, setPrices } = priced();
    const racing = async (ids: string[]) => {
      const answer = await read(ids);
      // The seller's new price is committed while the old one is on its way.
      setPrices(new Map([["a", 5000]]));
      cache.listingChanged("a");
      return answer;
    };
    expect((await cache.offerPrices(["a"], racing)).get("a")).toBe(4500);
    expect((await cache.offerPrices(["a"], read)).get("a")).toBe(5000);
    expect(asked).toEqual([["a"], ["a"]]);
  });
});
