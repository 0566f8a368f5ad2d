// `npm run bench [-- --only catalogue,checkout,pagespeed,bundle] [--quick]`: measures the store on
// this machine, prints a table and writes bench/results/latest.json. Loopback only, bounded in time.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { bundleSizes } from "./bundle-sizes";
import { benchCatalogue } from "./catalogue";
import { benchCheckout } from "./checkout";
import { benchPageSpeed } from "./page-speed";

const { values } = parseArgs({
  options: { only: { type: "string" }, quick: { type: "boolean", default: false } },
});
const wanted = new Set((values.only ?? "bundle,catalogue,checkout,pagespeed").split(","));
const quick = values.quick ?? false;
const root = path.resolve(import.meta.dirname, "..");

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

if (wanted.has("bundle") || wanted.has("pagespeed")) {
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
}
if (wanted.has("catalogue")) {
  const catalogue = await benchCatalogue({ products: 10_000, seconds: quick ? 3 : 10 });
  results.catalogue = catalogue;
  console.log(
    `\nCatalogue: ${catalogue.products} products, 50 connections, requests/s and p99 (ms); ceiling = bare node:http with the same bytes`,
  );
  console.table(
    catalogue.rows.map((r) => ({
      call: r.name,
      "KB/answer": Math.round(r.bytes / 1024),
      "store req/s": r.store.requestsPerSecond,
      "store p99": r.store.p99Ms,
      "ceiling req/s": r.ceiling.requestsPerSecond,
      "ceiling p99": r.ceiling.p99Ms,
      ratio: r.ratio,
    })),
  );
}
if (wanted.has("checkout")) {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  results.checkout = await benchCheckout({
    adminUrl,
    shoppers: 100,
    stockPerProduct: quick ? 300 : 1000,
    maxSeconds: quick ? 10 : 30,
  });
  console.log(
    "\nCheckout: cash-on-delivery orders over HTTP against PostgreSQL, 100 concurrent shoppers",
  );
  console.table([results.checkout]);
}
if (wanted.has("pagespeed")) {
  results.pageSpeed = await benchPageSpeed({
    runs: quick ? 1 : 3,
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  });
  console.log(`\nLighthouse 12, mobile preset, median of ${quick ? 1 : 3} runs`);
  console.table(results.pageSpeed);
}

fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench/results/latest.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log("\nWrote bench/results/latest.json");
