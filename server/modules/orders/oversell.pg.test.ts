import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { queryRows, type Database } from "../../db/database";
import { addresses, products, users } from "../../db/schema";
import { cookieNames, createSession } from "../../http/sessions";
import { hashPassword } from "../auth/passwords";
import { insertProduct } from "../../test/factories";
import { addressInput } from "../../test/shop";
import { createTestDatabase } from "../../test/test-database";

// Flash-sale tests through real HTTP against PostgreSQL (PGlite would serialise everything and
// hide the races these look for). Everything targets 127.0.0.1 and is bounded.

let database: Database & { url?: string };
let app: FastifyInstance;
let baseUrl: string;
let second: ChildProcess | undefined;
let shoppers: { cookie: string; addressId: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase(20);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: "/tmp/greencart-oversell",
  });
  app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  // 50 shoppers with sessions and addresses, made directly (hashing 50 passwords would be slow).
  const passwordHash = await hashPassword("flash-sale-password");
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        name: `Buyer ${i}`,
        email: `buyer${i}@example.com`,
        passwordHash,
      })),
    )
    .returning();
  shoppers = [];
  for (const user of rows) {
    const [address] = await database.db
      .insert(addresses)
      .values({ ...addressInput(), userId: user.id })
      .returning();
    const { token } = await createSession(database.db, "user", user.id);
    shoppers.push({ cookie: `${cookieNames.user}=${token}`, addressId: address!.id });
  }
}, 120_000);

afterAll(async () => {
  second?.kill("SIGTERM");
  await app?.close();
  await database?.close();
});

/** Runs `tasks` with at most `limit` in flight. */
async function inParallel<T>(
  count: number,
  limit: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

function order(
  base: string,
  shopper: { cookie: string; addressId: string },
  items: { product: string; quantity: number }[],
) {
  return fetch(`${base}/api/order/cod`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: shopper.cookie },
    body: JSON.stringify({ items, address: shopper.addressId }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } }));
}

async function soldAndLeft(productId: string) {
  const [product] = await database.db.select().from(products).where(eq(products.id, productId));
  const [sold] = await queryRows<{ units: string }>(
    database.db,
    sql`select coalesce(sum(quantity), 0)::text as units from order_items where product_id = ${productId}`,
  );
  return { stock: product!.stock, inStock: product!.inStock, sold: Number(sold!.units) };
}

async function startSecondServer(): Promise<string> {
  const script = path.resolve(import.meta.dirname, "../../test/serve-for-test.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: database.url!,
      DATA_DIR: "/tmp/greencart-oversell-2",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  second = child;
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`second server exited with ${code}`)));
    setTimeout(() => reject(new Error("second server did not start")), 30_000).unref();
  });
  return `http://127.0.0.1:${port}`;
}

describe("flash sale on PostgreSQL", () => {
  it("sells exactly the stock: 1,000 concurrent orders for 100 units give 100 × 201 and 900 × 409", async () => {
    const product = await insertProduct(database.db, { stock: 100 });
    const answers = await inParallel(1000, 100, (i) =>
      order(baseUrl, shoppers[i % shoppers.length]!, [{ product: product.id, quantity: 1 }]),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(100);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(900);
    expect(new Set(refused.map((a) => a.body.code))).toEqual(new Set(["out_of_stock"]));
    expect(await soldAndLeft(product.id)).toEqual({ stock: 0, inStock: false, sold: 100 });
  }, 120_000);

  it("sells exactly the stock with two server processes sharing the database", async () => {
    const otherUrl = await startSecondServer();
    const product = await insertProduct(database.db, { stock: 100 });
    const answers = await inParallel(1000, 100, (i) =>
      order(i % 2 === 0 ? baseUrl : otherUrl, shoppers[i % shoppers.length]!, [
        { product: product.id, quantity: 1 },
      ]),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(900);
    expect(await soldAndLeft(product.id)).toEqual({ stock: 0, inStock: false, sold: 100 });

    // The other process's catalogue follows the sale too.
    const listed = (await (await fetch(`${otherUrl}/api/product/${product.id}`)).json()) as {
      product: { stock: number; inStock: boolean };
    };
    expect(listed.product).toMatchObject({ stock: 0, inStock: false });
  }, 120_000);

  it("never deadlocks when orders take several products in opposite orders", async () => {
    const trio = await Promise.all([0, 1, 2].map(() => insertProduct(database.db, { stock: 150 })));
    const ids = trio.map((p) => p.id);
    const answers = await inParallel(300, 60, (i) => {
      const items = (i % 2 === 0 ? ids : [...ids].reverse()).map((product) => ({
        product,
        quantity: 1,
      }));
      return order(baseUrl, shoppers[i % shoppers.length]!, items);
    });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(150);
    for (const id of ids)
      expect(await soldAndLeft(id)).toEqual({ stock: 0, inStock: false, sold: 150 });
  }, 120_000);
});
