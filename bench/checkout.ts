import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { queryRows, type Database } from "../server/db/database";
import { products } from "../server/db/schema";
import { makeShoppers, withBenchDatabase, type BenchShopper } from "./bench-database";
import { readsBesideOrders, type MixedResult } from "./reads-beside-orders";
import { orderLoad, saleProducts } from "./sale-load";
import { startStore } from "./server-process";

export interface ScenarioResult {
  scenario: string;
  products: number;
  startingStock: number;
  seconds: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors5xx: number;
  unitsSold: number;
  stockLeft: number;
  /** The same order transaction straight through `pg` by 64 clients, orders per second. */
  ceilingOrdersPerSecond: number;
  ratio: number;
}

export interface CheckoutResult {
  shoppers: number;
  scenarios: ScenarioResult[];
  mixed: MixedResult;
}

const CEILING_CLIENTS = 64;
/** A neighbourhood store's catalogue, beside which the sales below run (issue 12's premise). */
const CATALOGUE_PRODUCTS = 5000;

/** The rest of the shop: `count` products nobody buys in the bench, so that nothing it does can
 * hide a cost that grows with the catalogue. */
async function stockTheShelves(database: Database, count: number): Promise<void> {
  await database.db.execute(
    sql`insert into products (name, category, price_paise, offer_price_paise, stock, in_stock)
        select 'Shelf item ' || n, 'Grains', 6000, 5500, 40, true from generate_series(1, ${count}) as n`,
  );
}

/**
 * The ceiling: the same kind of order transaction (take the stock with a conditional update,
 * insert the order and its item) issued straight through `pg` by 64 clients, no HTTP, no store.
 */
async function ceiling(url: string, database: Database, productCount: number, seconds: number) {
  const ids = await saleProducts(database, productCount, 1_000_000);
  const [user] = await queryRows<{ id: string }>(database.db, sql`select id from users limit 1`);
  const clients = await Promise.all(
    Array.from({ length: CEILING_CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  let done = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const product = ids[(c + n * 7) % ids.length]!;
        await client.query("begin");
        const taken = await client.query(
          "update products set stock = stock - 1, in_stock = stock - 1 > 0, updated_at = now() where id = $1 and in_stock and stock >= 1 returning offer_price_paise, name, category",
          [product],
        );
        const row = taken.rows[0] as { offer_price_paise: number; name: string; category: string };
        const order = await client.query(
          `insert into orders (user_id, address, amount_paise, items_total_paise, payment_type, status, deliver_by, placed_at)
           values ($1, '{}'::jsonb, $2, $2, 'COD', 'Order Placed', now() + interval '30 minutes', now()) returning id`,
          [user!.id, row.offer_price_paise],
        );
        await client.query(
          "insert into order_items (order_id, product_id, quantity, unit_price_paise, product) values ($1, $2, 1, $3, $4)",
          [
            (order.rows[0] as { id: string }).id,
            product,
            row.offer_price_paise,
            JSON.stringify({ _id: product, name: row.name, category: row.category }),
          ],
        );
        await client.query("commit");
        done++;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  return Math.round(done / elapsed);
}

/** 100 shoppers ordering one unit at a time until the stock is gone (or time is up). */
async function sale(
  storeUrl: string,
  database: Database,
  shoppers: BenchShopper[],
  productCount: number,
  stockEach: number,
  maxSeconds: number,
) {
  const ids = await saleProducts(database, productCount, stockEach);
  const load = await orderLoad({
    storeUrl,
    shoppers,
    productIds: ids,
    maxSeconds,
    soldOutAfter: 3 * productCount,
  }).done;
  const [sold] = await queryRows<{ units: string }>(
    database.db,
    sql`select coalesce(sum(quantity), 0)::text as units from order_items where product_id in ${ids}`,
  );
  const left = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  return {
    products: productCount,
    startingStock: productCount * stockEach,
    seconds: Number(load.seconds.toFixed(1)),
    ordersPerSecond: load.ordersPerSecond,
    p50Ms: load.p50Ms,
    p99Ms: load.p99Ms,
    errors5xx: load.errors,
    unitsSold: Number(sold!.units),
    stockLeft: left.reduce((sum, p) => sum + p.stock, 0),
  };
}

/**
 * Checkout on PostgreSQL with one store process and 100 concurrent shoppers, in a shop of 5,000
 * products, each figure beside its ceiling measured in the same run: a spread sale (50 products)
 * and a hot one (1 product, 5,000 units), then catalogue reads while orders flow.
 */
export async function benchCheckout(options: {
  adminUrl: string;
  shoppers: number;
  quick: boolean;
}): Promise<CheckoutResult> {
  return withBenchDatabase(options.adminUrl, async (url, database) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-checkout-"));
    const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: url });
    try {
      await stockTheShelves(database, CATALOGUE_PRODUCTS);
      const shoppers = await makeShoppers(database, options.shoppers);
      const scenarios: ScenarioResult[] = [];
      for (const [scenario, count, stock] of [
        ["spread: 100 shoppers over 50 products", 50, options.quick ? 40 : 100],
        ["hot: 100 shoppers, 1 product", 1, options.quick ? 2000 : 5000],
      ] as const) {
        const ceilingRate = await ceiling(url, database, count, options.quick ? 3 : 5);
        const result = await sale(store.url, database, shoppers, count, stock, 60);
        scenarios.push({
          scenario,
          ...result,
          ceilingOrdersPerSecond: ceilingRate,
          ratio: Number((result.ordersPerSecond / ceilingRate).toFixed(2)),
        });
      }
      const mix = await readsBesideOrders(
        store,
        database,
        shoppers,
        options.quick ? 3 : 6,
        options.quick ? 1 : 3,
      );
      return { shoppers: options.shoppers, scenarios, mixed: mix };
    } finally {
      await store.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
