import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import { queryRows } from "../server/db/database";
import { openPostgres } from "../server/db/postgres";
import { addresses, products, users } from "../server/db/schema";
import { cookieNames, createSession } from "../server/http/sessions";
import { hashPassword } from "../server/modules/auth/passwords";
import { startStore } from "./server-process";

export interface CheckoutResult {
  shoppers: number;
  startingStock: number;
  seconds: number;
  ordersPlaced: number;
  ordersPerSecond: number;
  p99Ms: number;
  refused409: number;
  errors5xx: number;
  unitsSold: number;
  stockLeft: number;
  oversold: boolean;
}

/**
 * 100 shoppers place cash-on-delivery orders over HTTP against PostgreSQL until the stock is gone
 * (or the time is up), then the books are checked: units sold + stock left = starting stock.
 */
export async function benchCheckout(options: {
  adminUrl: string;
  shoppers: number;
  stockPerProduct: number;
  maxSeconds: number;
}): Promise<CheckoutResult> {
  const name = `greencart_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-checkout-"));
  const database = await openPostgres(url.toString(), undefined, 5);
  try {
    const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    try {
      // The store seeded its demo catalogue; the sale is on three fresh products.
      const passwordHash = await hashPassword("bench-shopper-password");
      const created = await database.db
        .insert(users)
        .values(
          Array.from({ length: options.shoppers }, (_, i) => ({
            name: `Bench ${i}`,
            email: `bench${i}@example.com`,
            passwordHash,
          })),
        )
        .returning();
      const shoppers = [];
      for (const user of created) {
        const [address] = await database.db
          .insert(addresses)
          .values({
            userId: user.id,
            firstName: "B",
            lastName: "S",
            email: "b@example.com",
            street: "1 Road",
            city: "Pune",
            state: "MH",
            zipcode: "411001",
            country: "India",
            phone: "9876543210",
          })
          .returning();
        const { token } = await createSession(database.db, "user", user.id);
        shoppers.push({ cookie: `${cookieNames.user}=${token}`, address: address!.id });
      }
      const sale = await database.db
        .insert(products)
        .values(
          [0, 1, 2].map((i) => ({
            name: `Flash Sale Item ${i}`,
            category: "Fruits",
            pricePaise: 10000,
            offerPricePaise: 9000,
            stock: options.stockPerProduct,
            inStock: true,
          })),
        )
        .returning();
      const ids = sale.map((p) => p.id);
      const startingStock = options.stockPerProduct * ids.length;

      const latencies: number[] = [];
      let placed = 0;
      let refused = 0;
      let errors = 0;
      const started = Date.now();
      const deadline = started + options.maxSeconds * 1000;
      await Promise.all(
        shoppers.map(async (shopper, s) => {
          let soldOutStreak = 0;
          for (let n = 0; Date.now() < deadline && soldOutStreak < 6; n++) {
            const product = ids[(s + n) % ids.length]!;
            const t0 = performance.now();
            const response = await fetch(`${store.url}/api/order/cod`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: shopper.cookie },
              body: JSON.stringify({
                items: [{ product, quantity: 1 + ((s + n) % 3) }],
                address: shopper.address,
              }),
            });
            await response.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (response.status === 201) {
              placed++;
              soldOutStreak = 0;
            } else if (response.status === 409) {
              refused++;
              soldOutStreak++;
            } else errors++;
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const [sold] = await queryRows<{ units: string }>(
        database.db,
        sql`select coalesce(sum(quantity), 0)::text as units from order_items where product_id in ${ids}`,
      );
      const left = await database.db
        .select({ stock: products.stock })
        .from(products)
        .where(inArray(products.id, ids));
      const stockLeft = left.reduce((sum, p) => sum + p.stock, 0);
      const unitsSold = Number(sold!.units);
      latencies.sort((a, b) => a - b);
      return {
        shoppers: options.shoppers,
        startingStock,
        seconds: Number(seconds.toFixed(1)),
        ordersPlaced: placed,
        ordersPerSecond: Math.round(placed / seconds),
        p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
        refused409: refused,
        errors5xx: errors,
        unitsSold,
        stockLeft,
        oversold: unitsSold + stockLeft !== startingStock || stockLeft < 0,
      };
    } finally {
      await store.stop();
    }
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
