import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { queryRows, type Database } from "../../db/database";
import { products } from "../../db/schema";
import { openEventStream, orderOf } from "../../test/event-stream";
import { insertProduct } from "../../test/factories";
import { imagePart, pngImage } from "../../test/images";
import { multipartBody } from "../../test/multipart";
import { productData } from "../../test/product-uploads";
import { startServerProcess, type ServerProcess } from "../../test/second-process";
import { cookieHeader, createSeller, createShopper } from "../../test/sessions";
import { insertAddress } from "../../test/shop";
import { createTestDatabase } from "../../test/test-database";

// Two store processes on one PostgreSQL database, each with its own data folder, as two machines
// behind a load balancer: A runs in this test process, B is a child process.

let database: Database & { url?: string };
let app: FastifyInstance;
let a = "";
let b: ServerProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-pair-"));

beforeAll(async () => {
  database = await createTestDatabase(20);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
  });
  app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  a = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  b = await startServerProcess(database.url!);
}, 120_000);

afterAll(async () => {
  await b?.stop();
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function post(base: string, url: string, body: unknown, cookies: Record<string, string>) {
  return fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: cookieHeader(cookies) },
    body: JSON.stringify(body),
  });
}

async function buyer() {
  const shopper = await createShopper(database.db);
  const address = await insertAddress(database.db, shopper.user.id);
  return { ...shopper, address };
}

describe("two store processes on one PostgreSQL", () => {
  it("an order placed through A reaches a seller stream on B by the database's notification, not the poll", async () => {
    const product = await insertProduct(database.db, { stock: 10 });
    const seller = await createSeller(database.db);
    const shopper = await buyer();
    const stream = await openEventStream(`${b.url}/api/order/seller/events`, {
      cookie: cookieHeader(seller.cookies),
    });
    try {
      const before = await b.caughtUp();
      const placed = await post(
        a,
        "/api/order/cod",
        { items: [{ product: product.id, quantity: 1 }], address: shopper.address.id },
        shopper.cookies,
      );
      const { orderId } = (await placed.json()) as { orderId: string };
      await stream.next((e) => e.data !== undefined && orderOf(e)._id === orderId, 10_000);
      // B caught up on A's notification, sent once the order was committed: the read it woke had
      // the order, whatever B's poll (once a second, for notifications lost) did meanwhile.
      await expect
        .poll(async () => (await b.caughtUp()).notified, { timeout: 10_000 })
        .toBeGreaterThan(before.notified);
    } finally {
      stream.close();
    }
  });

  it("a status change made on B reaches the shopper's stream on A", async () => {
    const product = await insertProduct(database.db, { stock: 10 });
    const seller = await createSeller(database.db);
    const shopper = await buyer();
    const stream = await openEventStream(`${a}/api/order/user/events`, {
      cookie: cookieHeader(shopper.cookies),
    });
    try {
      const placed = await post(
        b.url,
        "/api/order/cod",
        { items: [{ product: product.id, quantity: 2 }], address: shopper.address.id },
        shopper.cookies,
      );
      const { orderId } = (await placed.json()) as { orderId: string };
      const moved = await post(
        b.url,
        "/api/order/status",
        { orderId, status: "Packing" },
        seller.cookies,
      );
      expect(moved.status).toBe(200);
      const event = await stream.next(
        (e) =>
          e.data !== undefined && orderOf(e)._id === orderId && orderOf(e).status === "Packing",
        2000,
      );
      expect(event.event).toBe("order");
    } finally {
      stream.close();
    }
  });

  it("a product sold out through A is out of stock in B's next list answer", async () => {
    const product = await insertProduct(database.db, { stock: 1, name: "Last Mango" });
    const shopper = await buyer();
    const listOnB = async () =>
      (
        (await (await fetch(`${b.url}/api/product/list?limit=50`)).json()) as {
          products: { _id: string; inStock: boolean; stock: number }[];
        }
      ).products.find((p) => p._id === product.id);
    expect(await listOnB()).toMatchObject({ inStock: true, stock: 1 });
    const placed = await post(
      a,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 1 }], address: shopper.address.id },
      shopper.cookies,
    );
    expect(placed.status).toBe(201);
    // The database tells B when the transaction commits, before A has even answered; allow the
    // notification a few milliseconds on a busy machine.
    await expect.poll(listOnB, { timeout: 500, interval: 10 }).toMatchObject({
      inStock: false,
      stock: 0,
    });
  });

  it("a sold-out product switched off on A says so in B's next list answer", async () => {
    const product = await insertProduct(database.db, { stock: 0, name: "Gone Guava" });
    const seller = await createSeller(database.db);
    const onB = async () =>
      (
        (await (await fetch(`${b.url}/api/product/list?limit=50`)).json()) as {
          products: { _id: string; inStock: boolean; switchedOff?: boolean }[];
        }
      ).products.find((p) => p._id === product.id);
    expect(await onB()).toEqual(expect.not.objectContaining({ switchedOff: true }));
    const off = await post(
      a,
      "/api/product/stock",
      { id: product.id, inStock: false },
      seller.cookies,
    );
    expect(off.status).toBe(200);
    // Its in-stock state did not change (false before and after): only the switch did.
    await expect
      .poll(onB, { timeout: 1000, interval: 10 })
      .toMatchObject({ inStock: false, switchedOff: true });
  });

  it("each process serves an image uploaded through the other, without a shared folder", async () => {
    const seller = await createSeller(database.db);
    const { payload, headers } = multipartBody({ productData }, [imagePart(await pngImage())]);
    const added = await fetch(`${b.url}/api/product/add`, {
      method: "POST",
      headers: { ...headers, cookie: cookieHeader(seller.cookies) },
      body: payload,
    });
    expect(added.status).toBe(201);
    const { product } = (await added.json()) as { product: { image: string[] } };
    const imagePath = new URL(product.image[0]!).pathname;
    for (const base of [a, b.url]) {
      const image = await fetch(`${base}${imagePath}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      const thumb = await fetch(`${base}${imagePath.replace("-large", "-thumb")}`);
      expect(thumb.status).toBe(200);
    }
    expect(fs.readdirSync(dataDir).filter((f) => f === "media")).toEqual([]);
  });

  it("the stock ledger sums to the stock of every product after a mix of orders, cancellations and restocks on both", async () => {
    const trio = await Promise.all([0, 1, 2].map(() => insertProduct(database.db, { stock: 40 })));
    const seller = await createSeller(database.db);
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => buyer()));
    const placedIds: string[] = [];
    await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const base = i % 2 === 0 ? a : b.url;
        const shopper = shoppers[i % shoppers.length]!;
        const product = trio[i % 3]!;
        if (i % 5 === 4) {
          const restock = await post(
            base,
            "/api/product/restock",
            { id: product.id, quantity: i % 10 === 4 ? 7 : -3, note: `mix ${i}` },
            seller.cookies,
          );
          expect([200, 409]).toContain(restock.status);
          return;
        }
        const placed = await post(
          base,
          "/api/order/cod",
          { items: [{ product: product.id, quantity: 1 + (i % 3) }], address: shopper.address.id },
          shopper.cookies,
        );
        expect([201, 409]).toContain(placed.status);
        if (placed.status !== 201) return;
        const { orderId } = (await placed.json()) as { orderId: string };
        placedIds.push(orderId);
        if (i % 3 === 0) {
          const cancel = await post(
            i % 2 === 0 ? b.url : a,
            "/api/order/cancel",
            { orderId },
            shopper.cookies,
          );
          expect(cancel.status).toBe(200);
        }
      }),
    );
    expect(placedIds.length).toBeGreaterThan(10);
    for (const product of trio) {
      const [{ sum, rows }] = (await queryRows<{ sum: string; rows: string }>(
        database.db,
        sql`select coalesce(sum(change), 0)::text as sum, count(*)::text as rows from stock_ledger where product_id = ${product.id}`,
      )) as [{ sum: string; rows: string }];
      const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
      expect(Number(sum)).toBe(row!.stock);
      expect(Number(rows)).toBeGreaterThan(1);
    }
  }, 60_000);

  it("100 wrong passwords at once over both processes get at most 5 password checks", async () => {
    const shopper = await createShopper(database.db);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${i % 2 === 0 ? a : b.url}/api/user/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: shopper.user.email, password: `wrong-${i}` }),
        }).then((r) => r.status),
      ),
    );
    // 401 means the password was checked; 429 means it was refused before any check.
    const checked = answers.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  }, 60_000);
});
