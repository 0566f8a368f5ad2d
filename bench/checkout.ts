import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { queryRows, type Database } from "../server/db/database";
import { products } from "../server/db/schema";
import { makeShoppers, percentile, withBenchDatabase, type BenchShopper } from "./bench-database";
import { meanShares, withCpuShares, type CpuShares } from "./cpu-shares";
import { startStore } from "./server-process";
import type { LoadConfig } from "./order-load";

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

/** One round of the mixed scenario: idle reads, then reads beside orders at full speed and at 250/s. */
export interface MixedRound {
  idleReadsPerSecond: number;
  readsPerSecondWhileOrdering: number;
  ordersPerSecondMeanwhile: number;
  ratio: number;
  readsPerSecondAt250Orders: number;
  ordersPerSecondSteady: number;
  ratioAt250Orders: number;
}

export interface MixedResult extends MixedRound {
  /**
   * Every round; the figures above are their medians. Each round's ratios compare windows a few
   * seconds apart, so a change in the shared machine's speed moves one round, not the result.
   */
  rounds: MixedRound[];
  /** Where the machine's CPU went while the reads were measured (the rounds' mean). */
  cpu: { idle: CpuShares; fullSpeed: CpuShares; at250Orders: CpuShares };
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

async function saleProducts(database: Database, count: number, stock: number): Promise<string[]> {
  const rows = await database.db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Flash Sale Item ${i}`,
        category: "Fruits",
        pricePaise: 10000,
        offerPricePaise: 9000,
        stock,
        inStock: true,
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
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
          `insert into orders (user_id, address, amount_paise, payment_type, status, deliver_by, placed_at)
           values ($1, '{}'::jsonb, $2, 'COD', 'Order Placed', now() + interval '30 minutes', now()) returning id`,
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

interface LoadFigures {
  placed: number;
  refused: number;
  errors: number;
  seconds: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Runs bench/order-load.ts in its own process; `stop` ends a continuous load early. */
function orderLoad(config: LoadConfig): {
  done: Promise<LoadFigures>;
  stop: () => void;
  pid: number;
} {
  const file = path.join(os.tmpdir(), `greencart-load-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "order-load.ts"), file],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<LoadFigures>((resolve, reject) =>
    child.on("exit", (code) => {
      fs.rmSync(file, { force: true });
      if (code === 0) resolve(JSON.parse(output) as LoadFigures);
      else reject(new Error(`order load exited with ${code}`));
    }),
  );
  return { done, stop: () => child.kill("SIGTERM"), pid: child.pid! };
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
 * Catalogue reads (autocannon, 50 connections, in this process) alone, then while shoppers order
 * from another process: at full speed, and at a steady 250 orders a second (a busy evening; the
 * rate at which the cache used to be wiped into the ground). Each with where the CPU went, in
 * `rounds` rounds of the three windows.
 */
async function mixed(
  store: { url: string; pid: number },
  database: Database,
  shoppers: BenchShopper[],
  seconds: number,
  rounds: number,
): Promise<MixedResult> {
  const readUrl = `${store.url}/api/product/list?limit=24`;
  const read = async () =>
    (await autocannon({ url: readUrl, connections: 50, duration: seconds, pipelining: 1 })).requests
      .average;
  await read(); // warm
  const ids = await saleProducts(database, 50, 1_000_000);
  const underLoad = async (ratePerSecond?: number) => {
    const load = orderLoad({
      storeUrl: store.url,
      shoppers,
      productIds: ids,
      maxSeconds: seconds + 30,
      soldOutAfter: 0,
      ratePerSecond,
    });
    await new Promise((r) => setTimeout(r, 1500)); // orders flowing first
    const [reads, cpu] = await withCpuShares(store.pid, load.pid, read);
    load.stop();
    const figures = await load.done;
    return { reads, cpu, orders: figures.ordersPerSecond };
  };
  const measured: (MixedRound & { cpu: MixedResult["cpu"] })[] = [];
  for (let round = 0; round < rounds; round++) {
    const [idle, idleCpu] = await withCpuShares(store.pid, undefined, read);
    const full = await underLoad();
    const steady = await underLoad(250);
    measured.push({
      cpu: { idle: idleCpu, fullSpeed: full.cpu, at250Orders: steady.cpu },
      idleReadsPerSecond: Math.round(idle),
      readsPerSecondWhileOrdering: Math.round(full.reads),
      ordersPerSecondMeanwhile: full.orders,
      ratio: Number((full.reads / idle).toFixed(2)),
      readsPerSecondAt250Orders: Math.round(steady.reads),
      ordersPerSecondSteady: steady.orders,
      ratioAt250Orders: Number((steady.reads / idle).toFixed(2)),
    });
  }
  const median = (key: keyof MixedRound) =>
    percentile(
      measured.map((m) => m[key]),
      50,
    );
  const meanCpu = (window: keyof MixedResult["cpu"]) =>
    meanShares(measured.map((m) => m.cpu[window]));
  return {
    idleReadsPerSecond: median("idleReadsPerSecond"),
    readsPerSecondWhileOrdering: median("readsPerSecondWhileOrdering"),
    ordersPerSecondMeanwhile: median("ordersPerSecondMeanwhile"),
    ratio: median("ratio"),
    readsPerSecondAt250Orders: median("readsPerSecondAt250Orders"),
    ordersPerSecondSteady: median("ordersPerSecondSteady"),
    ratioAt250Orders: median("ratioAt250Orders"),
    rounds: measured.map(({ cpu: _cpu, ...figures }) => figures),
    cpu: {
      idle: meanCpu("idle"),
      fullSpeed: meanCpu("fullSpeed"),
      at250Orders: meanCpu("at250Orders"),
    },
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
      const mix = await mixed(
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
