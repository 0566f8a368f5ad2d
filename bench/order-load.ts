// A separate load generator for checkout: `node --import tsx bench/order-load.ts <config.json>`.
// Shoppers place cash-on-delivery orders over HTTP (loopback) until the stock is gone, the time is
// up, or (continuous mode) the parent says stop; prints one JSON line of figures. In its own
// process so that the bench's other load (catalogue reads) does not share its event loop.
import fs from "node:fs";
import { percentile, type BenchShopper } from "./bench-database";
import { postJson } from "./http-client";

export interface LoadConfig {
  storeUrl: string;
  shoppers: BenchShopper[];
  productIds: string[];
  maxSeconds: number;
  /** Stop each shopper after this many sold-out answers in a row (0: never). */
  soldOutAfter: number;
  /** Orders per second to aim at in all (0: as fast as possible). */
  ratePerSecond?: number;
}

const config = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as LoadConfig;
const latencies: number[] = [];
let placed = 0;
let refused = 0;
let errors = 0;
let stopping = false;
process.on("SIGTERM", () => (stopping = true));
const started = Date.now();
const deadline = started + config.maxSeconds * 1000;
let lastSale = started;
const pause = config.ratePerSecond ? (config.shoppers.length / config.ratePerSecond) * 1000 : 0;

await Promise.all(
  config.shoppers.map(async (shopper, s) => {
    let soldOutStreak = 0;
    for (let n = 0; !stopping && Date.now() < deadline; n++) {
      if (config.soldOutAfter && soldOutStreak >= config.soldOutAfter) break;
      const product = config.productIds[(s + n * 7) % config.productIds.length]!;
      const t0 = performance.now();
      const answer = await postJson(
        `${config.storeUrl}/api/order/cod`,
        { items: [{ product, quantity: 1 }], address: shopper.address },
        shopper.cookie,
      );
      const took = performance.now() - t0;
      latencies.push(took);
      if (answer.status === 201) {
        placed++;
        soldOutStreak = 0;
        lastSale = Date.now();
      } else if (answer.status === 409) {
        refused++;
        soldOutStreak++;
      } else errors++;
      if (pause > took) await new Promise((r) => setTimeout(r, pause - took));
    }
  }),
);
const seconds = ((config.soldOutAfter ? lastSale : Date.now()) - started) / 1000;
process.stdout.write(
  `${JSON.stringify({
    placed,
    refused,
    errors,
    seconds,
    ordersPerSecond: Math.round(placed / Math.max(seconds, 0.001)),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  })}\n`,
);
process.exit(0);
