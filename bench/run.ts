// `npm run bench [-- --only bundle,catalogue,checkout,shop,memory,fanout,dashboard,razorpay,pagespeed]
//  [--quick] [--products N]`: measures the store on this machine, each figure beside its ceiling
// measured in the same run, prints tables and writes bench/results/latest.json. Loopback only,
// bounded in time. Sections needing PostgreSQL use BENCH_DATABASE_URL or TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres) as an admin connection and make their own
// database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { bundleSizes } from "./bundle-sizes";
import { benchCatalogue } from "./catalogue";
import { benchCheckout } from "./checkout";
import { benchDashboard } from "./dashboard";
import { benchFanOut } from "./fan-out";
import { benchMemory } from "./memory";
import { benchPageSpeed } from "./page-speed";
import { benchRazorpayWebhook } from "./razorpay-webhook";
import { benchShop } from "./shop";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    products: { type: "string" },
  },
});
const all = [
  "bundle",
  "catalogue",
  "checkout",
  "shop",
  "memory",
  "fanout",
  "dashboard",
  "razorpay",
  "pagespeed",
];
const wanted = new Set((values.only ?? all.join(",")).split(","));
const quick = values.quick ?? false;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (wanted.has("pagespeed") && !fs.existsSync(chromePath)) {
  console.error(
    `Page speed needs Chromium at ${chromePath} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, "..");
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

// A partial run (--only) updates its sections and keeps the others from the last run.
const resultsFile = path.join(root, "bench/results/latest.json");
const previous = fs.existsSync(resultsFile)
  ? (JSON.parse(fs.readFileSync(resultsFile, "utf8")) as Record<string, unknown>)
  : {};
const results: Record<string, unknown> = {
  ...previous,
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  },
  quick,
};
const save = () => {
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
};

// The memory and catalogue sections draw the storefront's pages, so they need the build too.
if (["bundle", "pagespeed", "memory", "catalogue"].some((section) => wanted.has(section))) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error("web build failed");
}
if (wanted.has("bundle")) {
  results.bundle = bundleSizes();
  console.log("\nBundle sizes (gzip, KB)");
  console.table(results.bundle);
  save();
}
if (wanted.has("catalogue")) {
  const catalogue = await benchCatalogue({ products: 10_000, seconds: quick ? 3 : 10 });
  results.catalogue = catalogue;
  console.log(
    `\nCatalogue: ${catalogue.products} products, 50 connections, requests/s and p99 (ms); ceiling = bare node:http with the same bytes; the API load reads plain JSON (a browser gets the brotli size), the pages' load asks as a browser does`,
  );
  console.table(
    catalogue.rows.map((r) => ({
      call: r.name,
      "KB plain": Math.round(r.bytes / 1024),
      "KB as brotli": Number((r.brotliBytes / 1024).toFixed(1)),
      "store req/s": r.store.requestsPerSecond,
      "store p99": r.store.p99Ms,
      "ceiling req/s": r.ceiling.requestsPerSecond,
      "ceiling p99": r.ceiling.p99Ms,
      ratio: r.ratio,
    })),
  );
  save();
}
if (wanted.has("checkout")) {
  const checkout = await benchCheckout({ adminUrl, shoppers: 100, quick });
  results.checkout = checkout;
  console.log(
    "\nCheckout on PostgreSQL in a shop of 5,000 products, one store process, 100 concurrent shoppers over HTTP; ceiling = the same order transaction through pg by 64 clients",
  );
  console.table(
    checkout.scenarios.map((s) => ({
      scenario: s.scenario,
      "orders/s": s.ordersPerSecond,
      "ceiling/s": s.ceilingOrdersPerSecond,
      ratio: s.ratio,
      "p50 ms": s.p50Ms,
      "p99 ms": s.p99Ms,
      "5xx": s.errors5xx,
      "sold + left = stock": `${s.unitsSold} + ${s.stockLeft} = ${s.startingStock}`,
    })),
  );
  console.log("Catalogue reads (GET /api/product/list?limit=24, 50 connections) while orders flow");
  const { cpu, rounds, ...medians } = checkout.mixed;
  console.table(
    Object.fromEntries([
      ...rounds.map((round, i) => [`round ${i + 1}`, round]),
      ["median", medians],
    ]),
  );
  console.log(
    "Cores used meanwhile (of the machine's), by whom, and how long the store's event loop and the reader waited for a CPU each second: the rounds' mean",
  );
  console.table(cpu);
  save();
}
if (wanted.has("shop")) {
  const shop = await benchShop({ seconds: quick ? 3 : 10 });
  results.shop = shop;
  console.log(
    `\nThe shop's delivery check and cart quote (issue 43): ${shop.products} products, ${shop.connections} connections, ms; p97.5 is at least p95; beside the idle list read of the same run`,
  );
  console.table(
    shop.rows.map((r) => ({
      call: r.call,
      target: r.target,
      "req/s": r.figures.requestsPerSecond,
      p50: r.figures.p50Ms,
      "p97.5": r.figures.p97_5Ms,
      p99: r.figures.p99Ms,
      non2xx: r.figures.non2xx,
    })),
  );
  save();
}
if (wanted.has("memory")) {
  results.memory = await benchMemory(adminUrl);
  console.log(
    "\nMemory (RSS, MB): at rest after start, after drawing the storefront pages once, peak during 30 concurrent 4 MB uploads, a minute later",
  );
  console.table(results.memory);
  save();
}
if (wanted.has("fanout")) {
  results.fanOut = await benchFanOut({
    adminUrl,
    subscribers: quick ? 200 : 1000,
    changesPerSecond: 20,
    seconds: quick ? 5 : 10,
  });
  console.log(
    "\nLive order streams: seller subscribers on one process, statuses changing 20 times a second; latency from the change request to each subscriber",
  );
  console.table([results.fanOut]);
  save();
}
if (wanted.has("dashboard")) {
  results.dashboard = await benchDashboard({
    adminUrl,
    orders: quick ? 20_000 : 100_000,
    samples: quick ? 5 : 20,
  });
  console.log("\nSeller dashboard on PostgreSQL with past orders; floor = /api/health");
  console.table((results.dashboard as { rows: unknown[] }).rows);
  save();
}
if (wanted.has("razorpay")) {
  const webhook = await benchRazorpayWebhook({
    adminUrl,
    orders: 200,
    perSecond: 200,
    seconds: quick ? 3 : 10,
  });
  results.razorpayWebhook = webhook;
  console.log(
    `\nRazorpay webhook on PostgreSQL, one store process, 200 signed deliveries a second (${webhook.orders} orders paid once each, then retries and late expiries); ceiling = bare node:http answering the same bytes at the same rate. Orders placed at the end: ${webhook.ordersPlaced} (must equal ${webhook.orders})`,
  );
  console.table(webhook.rows);
  save();
}
if (wanted.has("pagespeed")) {
  const pageSpeed = await benchPageSpeed({
    runs: quick ? 1 : 3,
    chromePath,
    products: values.products ? Number(values.products) : undefined,
  });
  results[values.products ? `pageSpeed${pageSpeed.products}` : "pageSpeed"] = pageSpeed;
  console.log(
    `\nLighthouse 12, mobile preset, median of ${quick ? 1 : 3} runs, ${pageSpeed.products} products` +
      ` (${pageSpeed.runsAgain} run(s) ended before the app ran the page and were run again)`,
  );
  console.table(pageSpeed.rows);
  save();
}

save();
console.log("\nWrote bench/results/latest.json");
