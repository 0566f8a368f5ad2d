import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { request } from "./http-client";
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
    /** Whether the load asked as a browser does (brotli), rather than for the plain body. */
    asBrowser: boolean;
    store: LoadFigures;
    ceiling: LoadFigures;
    ratio: number;
  }[];
}

const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

async function load(url: string, seconds: number, asBrowser: boolean): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    pipelining: 1,
    headers: asBrowser ? { "accept-encoding": BROWSER_ENCODINGS } : {},
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * GET /api/product/list (whole, a page of 24, a typo search) on a 10,000-product catalogue, as
 * plain JSON; then the home and a category page drawn by the server, as a browser asks for them
 * (compressed). Each beside a bare node:http server sending the same bytes. Needs the web build.
 */
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
      for (const [name, route, asBrowser] of [
        ["list (all products)", "/api/product/list", false],
        ["list (page of 24)", "/api/product/list?limit=24", false],
        ["typo search", "/api/product/list?q=tomatto", false],
        ["home page, as a browser", "/", true],
        ["category page, as a browser", "/products/vegetables", true],
      ] as const) {
        const response = await fetch(`${store.url}${route}`);
        const body = Buffer.from(await response.arrayBuffer());
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        // fetch would decode it: node:http hands over the bytes as sent.
        const brotli = (
          await request(`${store.url}${route}`, { headers: { "accept-encoding": "br" } })
        ).bytes;
        // The most any server could do here: a bare node:http server answering the same bytes.
        const ceiling = await startBareServer(
          asBrowser ? brotli : body,
          response.headers.get("content-type") ?? "application/json",
        );
        try {
          const storeFigures = await load(`${store.url}${route}`, options.seconds, asBrowser);
          const ceilingFigures = await load(`${ceiling.url}${route}`, options.seconds, asBrowser);
          rows.push({
            name,
            path: route,
            bytes: body.length,
            brotliBytes: brotli.length,
            asBrowser,
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
