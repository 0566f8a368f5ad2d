import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { runScript, startStore } from "./server-process";

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

interface ListAnswer {
  products: { _id: string; category: string; name: string }[];
}

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4× CPU slowdown) on the storefront's pages,
 * median of `runs`: home, a category, a product, search results, and the cart with 3 items (put
 * in the browser's storage before the run). With `products`, a generated catalogue of that many
 * products is added first, so the same pages are measured on a store of that size.
 */
export async function benchPageSpeed(options: {
  runs: number;
  chromePath: string;
  products?: number;
}): Promise<{ products: number; rows: PageSpeedRow[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-pages-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  if (options.products)
    runScript("server/scripts/seed-catalog.ts", ["--products", String(options.products)], env);
  const store = await startStore(env);
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
    const answer = (await (
      await fetch(`${store.url}/api/product/list?inStock=true&limit=3`)
    ).json()) as ListAnswer;
    const total = ((await (await fetch(`${store.url}/api/product/list`)).json()) as ListAnswer)
      .products.length;
    const product = answer.products[0]!;
    const cart = Object.fromEntries(answer.products.map((p) => [p._id, 2]));
    const pages = [
      ["home", "/", false],
      ["category", "/products/vegetables", false],
      ["product", `/products/${product.category.toLowerCase()}/${product._id}`, false],
      ["search results", "/products?search=rice", false],
      ["cart (3 items)", "/cart", true],
    ] as const;

    // The cart lives in the browser's storage: put 3 items there, and keep it through the runs.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    await tab.goto(`${store.url}/`);
    await tab.evaluate((items) => {
      localStorage.setItem(
        "greencart.cart",
        JSON.stringify({ owner: null, items, unsaved: false }),
      );
    }, cart);
    await tab.close();
    await browser.disconnect();

    const rows: PageSpeedRow[] = [];
    for (const [name, route, keepStorage] of pages) {
      const runs = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await lighthouse(`${store.url}${route}`, {
          port: chrome.port,
          output: "json",
          onlyCategories: ["performance"],
          logLevel: "error",
          disableStorageReset: keepStorage,
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
        path: route.length > 40 ? `${route.slice(0, 37)}...` : route,
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        bytes: median(runs.map((r) => r.bytes)),
      });
    }
    return { products: total, rows };
  } finally {
    chrome.kill();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
