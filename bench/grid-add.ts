// `npx tsx bench/grid-add.ts [--cards 2000] [--repeats 9] [--width 390] [--scroll]
//  [--products 4000 | --url http://127.0.0.1:3200] [--ab "css rules"] [--trace FILE] [--profile FILE]`
//
// What one "Add" on a long product grid costs the browser's main thread (docs/decisions/033).
// Builds nothing: run `npx vite build` first. Without --url it seeds a fresh embedded database with
// --products generated products and starts the store on a free port. It opens /products in
// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), at --width px (below 640: a phone,
// 844 px tall, twice the pixels, touch), loads pages ("Load more") until the grid holds --cards
// cards, then clicks "Add" on a card near the end, on screen, --repeats times (another card each
// time), each after two frames and 400 ms of quiet. For each click it prints:
//   task      the click's timestamp to a message posted from the click (the click's task; in
//             practice it runs after the next frame, so it is the same as the next column)
//   frame     the click's timestamp to a timeout set in the next frame's callback: the click and
//             the frame that shows its result
//   event     the Event Timing entry's duration (click to next paint, 8 ms steps, as INP counts)
//   script, style, layout, tasks  Chromium's own counters (CDP Performance.getMetrics) over the
//             click, its frame and the ~100 ms after: JavaScript, style recalculation, layout, and
//             all the main thread's tasks
// and the median of each. With --scroll it scrolls 4,000 px instead, 100 px a frame, through a
// part of the grid not seen since it loaded: then task is the 40 frames' total time, frame the
// longest frame and event the number of frames over 20 ms. --ab adds those CSS rules to every
// other repeat (the same page and minute, for trying a rule before building it); --trace and
// --profile write a Chromium trace or a JavaScript profile of the last repeat.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { type CDPSession, type Page } from "@playwright/test";
import { launchChromium, median, storeToMeasure } from "./browser-bench";
import { runScript } from "./server-process";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    products: { type: "string", default: "4000" },
    cards: { type: "string", default: "2000" },
    repeats: { type: "string", default: "9" },
    width: { type: "string", default: "390" },
    path: { type: "string", default: "/products" },
    scroll: { type: "boolean", default: false },
    ab: { type: "string" },
    trace: { type: "string" },
    profile: { type: "string" },
  },
});
const wantedCards = Number(values.cards);
const repeats = Number(values.repeats);
const width = Number(values.width);
const phone = width < 640;

/** A product card of the grid (one list, in blocks). */
const CARD = "main li:has(img)";
const counterNames = ["ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration"];
type Counters = Record<string, number>;
const columns = ["task", "frame", "event", "script", "style", "layout", "tasks"] as const;
type Row = Record<(typeof columns)[number], number> & { card: number; variant: boolean };

async function counters(cdp: CDPSession): Promise<Counters> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(
    metrics.filter((m) => counterNames.includes(m.name)).map((m) => [m.name, m.value * 1000]),
  );
}

const spent = (before: Counters, after: Counters) => ({
  script: (after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0),
  style: (after.RecalcStyleDuration ?? 0) - (before.RecalcStyleDuration ?? 0),
  layout: (after.LayoutDuration ?? 0) - (before.LayoutDuration ?? 0),
  tasks: (after.TaskDuration ?? 0) - (before.TaskDuration ?? 0),
});

async function loadCards(page: Page, wanted: number): Promise<number> {
  const cards = page.locator(CARD);
  for (let tries = 0; tries < 400; tries++) {
    const count = await cards.count();
    if (count >= wanted) return count;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page
      .waitForFunction(
        ([card, before]) => document.querySelectorAll(card).length > before,
        [CARD, count] as const,
        { timeout: 10_000, polling: 50 },
      )
      .catch(() => undefined);
  }
  return cards.count();
}

/** Two frames and a quiet moment: lazy pictures, observers and the last frame settle. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 400))),
      ),
  );
}

/** Scrolls 4,000 px, 100 px a frame, from card `from`: the frames' lengths, in ms. */
async function scrollFrom(page: Page, from: number): Promise<number[]> {
  await page
    .locator(CARD)
    .nth(from)
    .evaluate((card) => card.scrollIntoView());
  await settle(page);
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const frames: number[] = [];
        let last = -1;
        const step = (now: number) => {
          if (last >= 0) frames.push(now - last);
          last = now;
          if (frames.length === 40) return resolve(frames);
          window.scrollBy(0, 100);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
}

/** The card near the end, on screen, whose "Add" the next click takes; -1 when none is left. */
function nextCard(page: Page): Promise<number> {
  return page.evaluate((card) => {
    const items = [...document.querySelectorAll(card)];
    for (let i = items.length - 12; i >= 0; i--) {
      const add = items[i]?.querySelector<HTMLButtonElement>('button[aria-label^="Add "]');
      if (add && !add.disabled && add.textContent === "Add") {
        add.scrollIntoView({ block: "center" });
        return i;
      }
    }
    return -1;
  }, CARD);
}

/** Marks the next click: its timestamp, the end of its task and frame, its Event Timing entry. */
function watchNextClick(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { clicked?: Record<string, number> | null };
    w.clicked = null;
    const m: Record<string, number> = {};
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name === "click") m.event = Math.max(m.event ?? 0, e.duration);
    }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit);
    document.addEventListener(
      "click",
      (event) => {
        m.start = event.timeStamp;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (m.taskEnd = performance.now());
        channel.port2.postMessage(0);
        requestAnimationFrame(() =>
          setTimeout(() => {
            m.frameEnd = performance.now();
            // The Event Timing entry comes after the paint.
            setTimeout(() => (w.clicked = m), 100);
          }, 0),
        );
      },
      { capture: true, once: true },
    );
  });
}

const store = await storeToMeasure(values.url, "grid", (env) => {
  runScript("server/scripts/seed-catalog.ts", ["--products", values.products], env);
});
const url = store.url;
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 768 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
  // tsx names the functions it compiles with a helper the page does not have.
  await context.addInitScript("window.__name = (f) => f");
  const page = await context.newPage();
  await page.goto(`${url}${values.path}`);
  await page.waitForFunction(() => performance.getEntriesByName("app-ready").length > 0);
  const loaded = await loadCards(page, wantedCards);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const rows: Row[] = [];
  for (let r = 0; r < repeats; r++) {
    const variant = values.ab !== undefined && r % 2 === 1;
    if (values.ab !== undefined)
      await page.evaluate(
        ({ css, on }) => {
          document.getElementById("ab-rules")?.remove();
          if (!on) return;
          const style = document.createElement("style");
          style.id = "ab-rules";
          style.textContent = css;
          document.head.append(style);
        },
        { css: values.ab, on: variant },
      );
    if (values.scroll) {
      const from = 200 + r * 140;
      const before = await counters(cdp);
      const frames = await scrollFrom(page, from);
      await settle(page);
      rows.push({
        variant,
        card: from,
        task: frames.reduce((a, b) => a + b, 0),
        frame: Math.max(...frames),
        event: frames.filter((frame) => frame > 20).length,
        ...spent(before, await counters(cdp)),
      });
      continue;
    }
    const target = await nextCard(page);
    if (target < 0) throw new Error("no card left to add");
    await settle(page);
    const last = r === repeats - 1;
    if (last && values.profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
      await settle(page);
    }
    // Without the JavaScript sampler, whose start alone held the click's task for 200 ms.
    if (last && values.trace)
      await browser.startTracing(page, {
        path: values.trace,
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"],
      });
    await watchNextClick(page);
    const box = await page
      .locator(CARD)
      .nth(target)
      .getByRole("button", { name: /^Add .* to cart$/ })
      .boundingBox();
    if (!box) throw new Error("the Add button has no box");
    const before = await counters(cdp);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => (window as unknown as { clicked?: unknown }).clicked, null, {
      polling: 100,
    });
    const after = await counters(cdp);
    if (last && values.trace) await browser.stopTracing();
    if (last && values.profile) {
      const { profile } = await cdp.send("Profiler.stop");
      fs.writeFileSync(values.profile, JSON.stringify(profile));
    }
    const m = await page.evaluate(
      () => (window as unknown as { clicked: Record<string, number> }).clicked,
    );
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    if (!focused?.startsWith("Add one more")) throw new Error(`the focus is on ${focused}`);
    const start = m.start ?? 0;
    rows.push({
      variant,
      card: target,
      task: (m.taskEnd ?? 0) - start,
      frame: (m.frameEnd ?? 0) - start,
      event: m.event ?? 0,
      ...spent(before, after),
    });
  }

  const cell = (x: number) => x.toFixed(1).padStart(8);
  console.log(
    `${values.path} at ${width} px, ${loaded} cards, ${values.scroll ? "scrolling" : "Add"}` +
      (values.ab ? `; B: ${values.ab}` : ""),
  );
  console.log(`${"card".padStart(9)} ${columns.map((k) => k.padStart(8)).join(" ")}`);
  for (const row of rows)
    console.log(
      `${(row.variant ? "B " : "") + String(row.card)}`.padStart(9) +
        ` ${columns.map((k) => cell(row[k])).join(" ")}`,
    );
  for (const variant of values.ab === undefined ? [false] : [false, true]) {
    const these = rows.filter((row) => row.variant === variant);
    const label = values.ab === undefined ? "median" : variant ? "B median" : "A median";
    console.log(
      `${label.padStart(9)} ${columns.map((k) => cell(median(these.map((row) => row[k])))).join(" ")}`,
    );
  }
} finally {
  await browser.close();
  await store.close();
}
