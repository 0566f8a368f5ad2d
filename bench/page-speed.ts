import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { entryFiles } from "../scripts/entry-files.mjs";
import { APP_READY_MARK } from "../web/ui/app-ready";
import { percentile } from "./bench-database";
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

/**
 * Whether the app ran during a Lighthouse run: a drawn page starts it late (after its pictures),
 * and a run that ended before the app ran would report a blocking time it never had. The report
 * must hold the entry script's download (`entryScript`, a path under dist/web) and the user
 * timing the app marks once it runs the page (web/ui/app-ready.tsx).
 */
function appRan(
  lhr: { audits: Record<string, { details?: unknown } | undefined> },
  entryScript: string,
): boolean {
  const urls = (
    (lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ??
    []
  ).map((item) => new URL(item.url).pathname);
  const marks = (
    (lhr.audits["user-timings"]?.details as { items?: { name: string }[] } | undefined)?.items ?? []
  ).map((item) => item.name);
  return urls.includes(`/${entryScript}`) && marks.includes(APP_READY_MARK);
}

const median = (values: number[]) => percentile(values, 50);

interface ListAnswer {
  products: { _id: string; category: string; name: string }[];
}

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4× CPU slowdown) on the storefront's pages,
 * median of `runs`: home, a category, a product, search results, and the cart with 3 items (put
 * in the browser's storage before the run), with the browser's HTTP cache kept and emptied. With
 * `products`, a generated catalogue of that many products is added first, so the same pages are
 * measured on a store of that size.
 */
export async function benchPageSpeed(options: {
  runs: number;
  chromePath: string;
  products?: number;
}): Promise<{ products: number; rows: PageSpeedRow[]; runsAgain: number }> {
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
      ["home", "/", "reset"],
      ["category", "/products/vegetables", "reset"],
      ["product", `/products/${product.category.toLowerCase()}/${product._id}`, "reset"],
      ["search results", "/products?search=rice", "reset"],
      ["cart (3 items)", "/cart", "keep"],
      ["cart (3 items), cold cache", "/cart", "cold"],
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

    // The cart's runs keep the browser's storage, and with it its HTTP cache: a shopper who has
    // browsed before. The cold runs empty the HTTP cache first (after a release, or evicted).
    const clearHttpCache = async () => {
      const connection = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${chrome.port}`,
      });
      const page = await connection.newPage();
      const session = await page.createCDPSession();
      await session.send("Network.clearBrowserCache");
      await page.close();
      await connection.disconnect();
    };

    const entryScript = entryFiles(
      fs.readFileSync(path.resolve(import.meta.dirname, "../dist/web/index.html"), "utf8"),
    ).find((file) => file.endsWith(".js"));
    if (!entryScript) throw new Error("no entry script in dist/web/index.html");

    const rows: PageSpeedRow[] = [];
    let runsAgain = 0;
    for (const [name, route, storage] of pages) {
      const runs = [];
      for (let i = 0; i < options.runs; i++) {
        const measure = async () => {
          if (storage === "cold") await clearHttpCache();
          const result = await lighthouse(`${store.url}${route}`, {
            port: chrome.port,
            output: "json",
            onlyCategories: ["performance"],
            logLevel: "error",
            disableStorageReset: storage !== "reset",
          });
          if (!result) throw new Error("lighthouse returned nothing");
          return result.lhr;
        };
        // A run that ended before the app ran the page measured it without its app: it is run
        // again (at most twice), and the table's caption says how often that happened.
        let lhr = await measure();
        for (let again = 0; !appRan(lhr, entryScript); again++) {
          if (again === 2)
            throw new Error(`${route}: the app did not run during Lighthouse's run, 3 times`);
          runsAgain++;
          lhr = await measure();
        }
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
    return { products: total, rows, runsAgain };
  } finally {
    chrome.kill();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
