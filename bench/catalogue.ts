import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runScript, startBareServer, startStore } from "./server-process";

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

export interface CatalogueResult {
  products: number;
  rows: {
    name: string;
    path: string;
    bytes: number;
    /** What a browser downloads: the same answer as brotli. */
    brotliBytes: number;
    store: LoadFigures;
    ceiling: LoadFigures;
    ratio: number;
  }[];
}

async function load(url: string, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: 50, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** GET /api/product/list (whole, a page of 24, a typo search) on a 10,000-product catalogue. */
export async function benchCatalogue(options: {
  products: number;
  seconds: number;
}): Promise<CatalogueResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-catalogue-"));
  try {
    runScript("server/scripts/seed-catalog.ts", ["--products", String(options.products)], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: "" });
    const rows: CatalogueResult["rows"] = [];
    try {
      for (const [name, route] of [
        ["list (all products)", "/api/product/list"],
        ["list (page of 24)", "/api/product/list?limit=24"],
        ["typo search", "/api/product/list?q=tomatto"],
      ] as const) {
        const response = await fetch(`${store.url}${route}`);
        const body = Buffer.from(await response.arrayBuffer());
        const compressed = await fetch(`${store.url}${route}`, {
          headers: { "accept-encoding": "br" },
        });
        await compressed.arrayBuffer();
        // The most any server could do here: a bare node:http server answering these bytes.
        const ceiling = await startBareServer(
          body,
          response.headers.get("content-type") ?? "application/json",
        );
        try {
          const storeFigures = await load(`${store.url}${route}`, options.seconds);
          const ceilingFigures = await load(`${ceiling.url}${route}`, options.seconds);
          rows.push({
            name,
            path: route,
            bytes: body.length,
            brotliBytes: Number(compressed.headers.get("content-length") ?? body.length),
            store: storeFigures,
            ceiling: ceilingFigures,
            ratio: Number(
              (storeFigures.requestsPerSecond / ceilingFigures.requestsPerSecond).toFixed(2),
            ),
          });
        } finally {
          await ceiling.stop();
        }
      }
    } finally {
      await store.stop();
    }
    return { products: options.products, rows };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
