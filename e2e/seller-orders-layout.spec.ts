import { expect, test, type APIRequestContext, type Browser, type Locator } from "@playwright/test";
import { e2eSeller } from "./global-setup";
import { countLayoutShifts, frames, newShopper } from "./helpers";

/** A new shopper places `count` cash on delivery orders of one to three products (API calls). */
async function placeOrders(api: APIRequestContext, count: number): Promise<string[]> {
  const shopper = newShopper();
  expect((await api.post("/api/user/register", { data: shopper })).ok()).toBe(true);
  const added = await api.post("/api/address/add", {
    data: {
      address: {
        firstName: "Asha",
        lastName: "Rao",
        email: shopper.email,
        street: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        zipcode: "560001",
        country: "India",
        phone: "98450 12345",
      },
    },
  });
  const address = ((await added.json()) as { address: { _id: string } }).address._id;
  const listed = await api.get("/api/product/list?inStock=true&limit=30");
  const products = ((await listed.json()) as { products: { _id: string }[] }).products;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const items = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
        product: products[(i + 7 * k) % products.length]!._id,
        quantity: 1,
      }));
      const placed = await api.post("/api/order/cod", { data: { items, address } });
      expect(placed.ok(), await placed.text()).toBe(true);
      return ((await placed.json()) as { orderId: string }).orderId;
    }),
  );
}

/**
 * Opens /seller/orders afresh in a window of `size` and answers the layout shift of its first load
 * (the sum of the shifts no input caused) once the queue, its counts and the live badge show.
 */
async function firstLoadShift(
  browser: Browser,
  storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>,
  size: { width: number; height: number },
  phone = false,
): Promise<number> {
  const context = await browser.newContext({
    storageState,
    viewport: size,
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: phone ? 2 : 1,
  });
  const page = await context.newPage();
  await page.goto("/seller/orders");
  await expect(page.getByRole("list", { name: "Orders" }).getByRole("article")).not.toHaveCount(0);
  await expect(page.getByRole("link", { name: /^All open \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("status").getByText("Live")).toBeVisible();
  const shift = await page.evaluate(async () => {
    let sum = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) sum += entry.value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    // Two frames for the last shift to be reported, then whatever is still queued.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    add(observer.takeRecords());
    observer.disconnect();
    return sum;
  });
  await context.close();
  return shift;
}

test("the seller's Orders page does not shift as it loads, on a laptop and on a phone", async ({
  request,
  browser,
}) => {
  // A queue of a few dozen orders, some of them already being packed.
  const ids = await placeOrders(request, 24);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  await Promise.all(
    ids.slice(0, 5).map(async (orderId) => {
      const moved = await request.post("/api/order/status", {
        data: { orderId, status: "Packing" },
      });
      expect(moved.ok()).toBe(true);
    }),
  );
  const seller = await request.storageState();
  // The filters' counts come with the queue: they must not widen the pills and wrap their row,
  // pushing the export form and the list down (0.072 on a laptop, 0.027 on a phone, before).
  expect(await firstLoadShift(browser, seller, { width: 1366, height: 768 })).toBeLessThan(0.01);
  expect(await firstLoadShift(browser, seller, { width: 390, height: 844 }, true)).toBeLessThan(
    0.01,
  );
});

test("on a tablet beside the sidebar (820 px), an order's moves are on screen, not sideways", async ({
  request,
  browser,
}) => {
  await placeOrders(request, 2);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  const context = await browser.newContext({
    storageState: await request.storageState(),
    viewport: { width: 820, height: 1180 },
  });
  const page = await context.newPage();
  await page.goto("/seller/orders");
  const card = page.getByRole("list", { name: "Orders" }).getByRole("article").first();
  const move = card.getByRole("button", { name: /^Mark / });
  await expect(move).toBeVisible();
  // Four columns needed about 370 px more than the 484 the page has there.
  // One main landmark, the seller's page (it sat inside the app's own main before).
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.locator("main")).toHaveAttribute("id", "main");
  const main = await page.locator("main").evaluate((m) => m.scrollWidth - m.clientWidth);
  expect(main).toBe(0);
  const box = (await move.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(820);
  await context.close();
});

test("a long queue draws only the cards near the screen; scrolling, Tab and find reach the others, drawn, with nothing moving", async ({
  request,
  browser,
}) => {
  await placeOrders(request, 20);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  const context = await browser.newContext({
    storageState: await request.storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const shifts = await countLayoutShifts(page);
  await page.goto("/seller/orders");
  const cards = page.locator('ul[aria-label="Orders"] > li');
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(20);
  // Whether the browser draws the card now (false while it is skipped, off screen).
  const drawn = (card: Locator) =>
    card
      .getByRole("article")
      .evaluate((article) => article.checkVisibility({ contentVisibilityAuto: true }));
  await expect.poll(() => drawn(cards.nth(0))).toBe(true);
  expect(await drawn(cards.nth(15))).toBe(false);

  // A card never drawn counts as its estimate: near enough its real height that the list's
  // length (and the scroll bar) barely changes as cards are drawn.
  const estimate = await cards.nth(15).evaluate((li) => li.getBoundingClientRect().height);
  await cards.nth(15).scrollIntoViewIfNeeded();
  await frames(page);
  const real = await cards.nth(15).evaluate((li) => li.getBoundingClientRect().height);
  expect(Math.abs(real - estimate) / real).toBeLessThan(0.1);

  // Scrolling down the whole list, every card reaching the screen is drawn, and nothing moves.
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);
  await shifts.reset();
  const end = await page.evaluate(() => document.documentElement.scrollHeight);
  const undrawn: number[] = [];
  for (let y = 0; y <= end; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await frames(page);
    undrawn.push(
      ...(await cards.evaluateAll((items) =>
        items.flatMap((li, i) => {
          const { top, bottom } = li.getBoundingClientRect();
          const onScreen = bottom > 0 && top < window.innerHeight;
          const article = li.querySelector("article")!;
          return onScreen && !article.checkVisibility({ contentVisibilityAuto: true }) ? [i] : [];
        }),
      )),
    );
  }
  expect(undrawn).toEqual([]);
  expect(await shifts.shifted()).toBe(0);

  // Tabbing from the first card into one skipped brings it on screen, drawn.
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);
  const twelfth = cards.nth(11);
  expect(await drawn(twelfth)).toBe(false);
  await cards.nth(0).getByRole("button").first().focus();
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if (await twelfth.evaluate((li) => li.contains(document.activeElement))) break;
  }
  await expect(twelfth.getByRole("button").first()).toBeFocused();
  await expect(twelfth.getByRole("button").first()).toBeInViewport();
  expect(await drawn(twelfth)).toBe(true);

  // The browser's find reaches a card skipped far down the list, and shows it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);
  const last = cards.last();
  expect(await drawn(last)).toBe(false);
  const number = (await last.getByText(/^#\w{8}$/).textContent())!;
  expect(
    await page.evaluate(
      (text) => (window as { find?: (s: string) => boolean }).find?.(text),
      number,
    ),
  ).toBe(true);
  await expect(last.getByText(number)).toBeInViewport();
  expect(await drawn(last)).toBe(true);
  await context.close();
});

test("a long queue comes in two renders: its first 24 cards at once, every other one a moment later", async ({
  request,
  browser,
}) => {
  await placeOrders(request, 30);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  const context = await browser.newContext({
    storageState: await request.storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  // The cards in the list after each change of the page, as the page's own scripts leave it
  // (a mutation observer's callback runs once React's commit is over, before any later task).
  await context.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { cardCounts: number[] }).cardCounts = seen;
    new MutationObserver(() => {
      const n = document.querySelectorAll('ul[aria-label="Orders"] > li').length;
      if (n !== (seen.at(-1) ?? 0)) seen.push(n);
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto("/seller/orders");
  const all = page.getByRole("link", { name: /^All open \(\d+\)$/ });
  await expect(all).toBeVisible();
  const open = Number(/\((\d+)\)/.exec((await all.textContent())!)![1]);
  expect(open).toBeGreaterThanOrEqual(30);
  const cards = page.locator('ul[aria-label="Orders"] > li');
  await expect(cards).toHaveCount(open);
  const counts = await page.evaluate(
    () => (window as unknown as { cardCounts: number[] }).cardCounts,
  );
  // One long task drew all 500 cards of a rush's queue before (about 300 ms on a phone).
  expect(counts[0]).toBe(24);
  expect(counts.at(-1)).toBe(open);
  await context.close();
});

test("Back to a long queue, left far down it through the sidebar, shows the same card at the same place, on a phone and a laptop", async ({
  request,
  browser,
}) => {
  // A rush: 150 more orders, placed 25 at a time.
  for (let batch = 0; batch < 6; batch++) await placeOrders(request, 25);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  const seller = await request.storageState();
  for (const [width, height, phone] of [
    [390, 844, true],
    [1366, 768, false],
  ] as const) {
    const context = await browser.newContext({
      storageState: seller,
      viewport: { width, height },
      isMobile: phone,
      hasTouch: phone,
      deviceScaleFactor: phone ? 2 : 1,
    });
    const page = await context.newPage();
    await page.goto("/seller/orders");
    const cards = page.locator('ul[aria-label="Orders"] > li');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(150);

    // Down the queue as a seller scrolls it, each card drawn as it passes (at its real height,
    // a few pixels off its estimate), to the 120th card, 300 px from the top of the screen.
    const card = cards.nth(119);
    const at = () => card.evaluate((li) => li.getBoundingClientRect().top);
    while ((await at()) > height) {
      await page.evaluate(() => window.scrollBy(0, 600));
      await frames(page);
    }
    await page.evaluate((top) => window.scrollBy(0, top - 300), await at());
    await frames(page);
    const number = (await card.getByText(/^#\w{8}$/).textContent())!;
    const before = await at();
    const where = `${width} px, card ${number} at ${before} px`;
    expect(Math.abs(before - 300), where).toBeLessThan(50);
    // The page scrolls, not the seller's <main>.
    expect(await page.evaluate(() => window.scrollY), where).toBeGreaterThan(20_000);
    expect(await page.locator("main").evaluate((main) => main.scrollTop), where).toBe(0);

    // The sidebar is on screen down there: the seller leaves from where they are (scrolling
    // back up to it first, Back returned to the top, where they had left).
    const pickList = page
      .getByRole("navigation", { name: "Seller" })
      .getByRole("link", { name: "Pick List" });
    await expect(pickList, where).toBeInViewport();
    await pickList.click();
    await expect(page.getByRole("heading", { level: 1, name: "Pick list" })).toBeVisible();

    // Back: every card comes back never drawn, counted as its estimate, and the same scroll
    // position shows another place in the queue (the card 96 px off on the phone and 440 on the
    // laptop, before); the card is where it was, and stays there.
    await page.goBack();
    const again = cards.filter({ hasText: number });
    await expect(again, where).toBeInViewport();
    const off = async () =>
      Math.abs((await again.evaluate((li) => li.getBoundingClientRect().top)) - before);
    await expect.poll(off, { message: where }).toBeLessThanOrEqual(3);
    await page.waitForTimeout(500);
    expect(await off(), where).toBeLessThanOrEqual(3);
    await context.close();
  }
});
