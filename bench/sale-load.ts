import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "../server/db/database";
import { products } from "../server/db/schema";
import type { LoadConfig } from "./order-load";

// What the checkout bench's scenarios share: the products a sale sells, and the shoppers' load
// generator (bench/order-load.ts) run in a process of its own.

/** `count` products on sale, `stock` units each. */
export async function saleProducts(
  database: Database,
  count: number,
  stock: number,
): Promise<string[]> {
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
export function orderLoad(config: LoadConfig): {
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
