import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startStore } from "./server-process";

export interface PageSpeedRow {
  page: string;
  path: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse's default mobile run (simulated throttling) on three pages, median of `runs`. */
export async function benchPageSpeed(options: {
  runs: number;
  chromePath: string;
}): Promise<PageSpeedRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-pages-"));
  const store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: "" });
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const list = (await (
      await fetch(`${store.url}/api/product/list?inStock=true&limit=1`)
    ).json()) as { products: { _id: string; category: string }[] };
    const product = list.products[0]!;
    const pages = [
      ["home", "/"],
      ["category", "/products/vegetables"],
      ["product", `/products/${product.category.toLowerCase()}/${product._id}`],
    ] as const;
    const rows: PageSpeedRow[] = [];
    for (const [name, route] of pages) {
      const runs = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await lighthouse(`${store.url}${route}`, {
          port: chrome.port,
          output: "json",
          onlyCategories: ["performance"],
          logLevel: "error",
        });
        if (!result) throw new Error("lighthouse returned nothing");
        const { lhr } = result;
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
          cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
          bytes: Math.round(lhr.audits["total-byte-weight"]?.numericValue ?? 0),
        });
      }
      rows.push({
        page: name,
        path: route,
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        bytes: median(runs.map((r) => r.bytes)),
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
