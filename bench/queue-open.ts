// `npx tsx bench/queue-open.ts [--orders 500] [--repeats 5] [--width 390] [--cpu 4]
//  [--url http://127.0.0.1:3200 --email E --password P]`
//
// What opening the seller's queue costs the browser's main thread (docs/decisions/026). Builds
// nothing: run `npx vite build` first. Without --url it seeds a fresh embedded database with the
// demo catalogue and about --orders open orders (bench seller bench@greencart.local) and starts the
// store on a free port. It logs the seller in, then --repeats times opens /seller/orders afresh in
// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) at --width px (below 640: a phone,
// 844 px tall, twice the pixels, touch), with the CPU slowed --cpu times (Chromium's throttling),
// and prints for each opening, from the navigation's start:
//   first     when the first order card was in the page
//   all       when every card of the queue was
//   longest   the longest task of the main thread (Long Tasks API, tasks over 50 ms)
//   long      all the long tasks' time together
//   tasks     how many long tasks there were
// and the median of each, measured until the queue is whole and 2 s have passed quietly.
import { parseArgs } from "node:util";
import { type Page } from "@playwright/test";
import { launchChromium, median, storeToMeasure } from "./browser-bench";
import { runScript } from "./server-process";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    email: { type: "string", default: "bench@greencart.local" },
    password: { type: "string", default: "bench-password" },
    orders: { type: "string", default: "500" },
    repeats: { type: "string", default: "5" },
    width: { type: "string", default: "390" },
    cpu: { type: "string", default: "4" },
  },
});
const repeats = Number(values.repeats);
const width = Number(values.width);
const phone = width < 640;
const columns = ["first", "all", "longest", "long", "tasks"] as const;
type Row = Record<(typeof columns)[number], number> & { cards: number };

/** Installed before the page's own scripts: long tasks, and the cards' count as frames go by. */
const WATCH = `
  window.__opening = { long: [], counts: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__opening.long.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
  const frame = () => {
    const n = document.querySelectorAll("li.queue-card").length;
    const counts = window.__opening.counts;
    if (n !== (counts.at(-1)?.[1] ?? 0)) counts.push([performance.now(), n]);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
`;

/** Opens the queue afresh and waits until its cards stop changing for 2 s. */
async function openQueue(page: Page): Promise<Row> {
  await page.goto("about:blank");
  await page.goto("/seller/orders");
  await page.waitForFunction(
    () => {
      const counts = (window as unknown as { __opening: { counts: [number, number][] } }).__opening
        .counts;
      const last = counts.at(-1);
      return last !== undefined && last[1] > 0 && performance.now() - last[0] > 2000;
    },
    null,
    { timeout: 120_000, polling: 250 },
  );
  const seen = await page.evaluate(
    () =>
      (window as unknown as { __opening: { long: number[]; counts: [number, number][] } })
        .__opening,
  );
  const last = seen.counts.at(-1)!;
  return {
    cards: last[1],
    first: seen.counts.find(([, n]) => n > 0)![0],
    all: last[0],
    longest: Math.max(0, ...seen.long),
    long: seen.long.reduce((a, b) => a + b, 0),
    tasks: seen.long.length,
  };
}

const store = await storeToMeasure(values.url, "queue", (env) => {
  runScript("server/scripts/seed-catalog.ts", [], env);
  // seed-orders leaves the orders of the last 40 minutes open: a day of orders with the wanted
  // number in those 40 minutes.
  const perDay = Math.ceil((Number(values.orders) * 24 * 60) / 40);
  runScript("server/scripts/seed-orders.ts", ["--orders", String(perDay), "--days", "1"], env);
});
const url = store.url;
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width, height: phone ? 844 : 768 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
  const login = await context.request.post("/api/seller/login", {
    data: { email: values.email, password: values.password },
  });
  if (!login.ok()) throw new Error(`seller login: ${login.status()} ${await login.text()}`);
  await context.addInitScript(WATCH);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(values.cpu) });
  await openQueue(page); // warm: the server's caches, the browser's
  const rows: Row[] = [];
  for (let r = 0; r < repeats; r++) rows.push(await openQueue(page));
  const cell = (x: number) => x.toFixed(0).padStart(8);
  console.log(
    `/seller/orders at ${width} px, CPU slowed ${values.cpu}×, ${rows[0]?.cards ?? 0} cards`,
  );
  console.log(`${"".padStart(9)} ${columns.map((k) => k.padStart(8)).join(" ")}`);
  for (const [i, row] of rows.entries())
    console.log(`${String(i + 1).padStart(9)} ${columns.map((k) => cell(row[k])).join(" ")}`);
  console.log(
    `${"median".padStart(9)} ${columns.map((k) => cell(median(rows.map((row) => row[k])))).join(" ")}`,
  );
} finally {
  await browser.close();
  await store.close();
}
