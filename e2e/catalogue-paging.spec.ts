import { expect, test, type Locator, type Page } from "@playwright/test";
import { countLayoutShifts, frames } from "./helpers";

// The e2e store holds the demo catalogue and 230 generated Grains products (global-setup.ts).
test("a long category loads 24 at a time as the shopper scrolls, opens the 30th product, and Back returns to the same place", async ({
  page,
}) => {
  const listCalls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/product/list") listCalls.push(url.search);
  });
  await page.goto("/products/grains");
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(24);
  // The first page came inside the HTML: no list call yet, and never the whole catalogue.
  expect(listCalls).toEqual([]);

  // Scrolling to the end loads the next page by itself.
  await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(48);
  expect(listCalls).toHaveLength(1);
  expect(listCalls[0]).toMatch(/^\?category=grains&limit=24&cursor=/);

  const thirtieth = cards.nth(29).getByRole("link").first();
  const name = (await cards.nth(29).getByRole("img").first().getAttribute("alt")) ?? "";
  expect(name).not.toBe("");
  await thirtieth.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await thirtieth.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();

  await page.goBack();
  await expect(cards).toHaveCount(48);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  // The "Load more" button still works as a fallback to scrolling (bringing it into view may
  // also load a page by itself). Pressed from the keyboard: on a slow machine the page that
  // scrolling loads can put its skeleton under the pointer just as a mouse click lands.
  await page.getByRole("button", { name: "Load more" }).press("Enter");
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(72);
  expect(listCalls.every((search) => search.includes("limit="))).toBe(true);
});

test("the cart asks only for its own products", async ({ page }) => {
  const listCalls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/product/list") listCalls.push(url.search);
  });
  await page.goto("/products/grains");
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: /Shopping Cart/ })).toBeVisible();
  expect(listCalls.length).toBeGreaterThan(0);
  for (const search of listCalls) expect(search).toMatch(/limit=|ids=/);
});

/**
 * Scrolls to the end until the list holds at least `count` cards (pages load by themselves there;
 * clicking "Load more" instead can chase the button as pages arrive and move it).
 */
async function loadCards(page: Page, count: number) {
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await cards.count()).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 30_000 });
  return cards;
}

/** Whether the browser draws this card now (false while its block is skipped, decision 033). */
const drawn = (card: Locator) =>
  card
    .locator("div")
    .first()
    .evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true }));

/** Cards in a block that reaches into the screen but that the browser does not draw. */
const undrawnOnScreen = (page: Page) =>
  page.getByRole("main").evaluate((main) =>
    [...main.querySelectorAll('[role="list"] > ul')].flatMap((block, b) => {
      const { top, bottom } = block.getBoundingClientRect();
      if (bottom <= 0 || top >= window.innerHeight) return [];
      return [...block.querySelectorAll(":scope > li > div")]
        .filter((card) => !card.checkVisibility({ contentVisibilityAuto: true }))
        .map((_, i) => `block ${b}, card ${i}`);
    }),
  );

test("a long list draws only the blocks of cards near the screen; scrolling, the keyboard and Back find the cards drawn and in place", async ({
  page,
}) => {
  const shifts = await countLayoutShifts(page);
  await page.goto("/products/grains");
  const cards = await loadCards(page, 120);

  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);

  // At the top, the first block is drawn and the fourth (cards 91-120), far below, is not.
  await expect.poll(() => drawn(cards.nth(0))).toBe(true);
  await expect.poll(() => drawn(cards.nth(100))).toBe(false);

  // Scrolling down the list, every block reaching the screen is drawn, and nothing moves.
  // Down to the fourth block, short of the end, where a page arriving by itself pushes the
  // "Load more" button and the footer down (a shift of its own, before blocks as after).
  const fourthBlock = await page
    .getByRole("main")
    .locator('[role="list"] > ul')
    .nth(3)
    .evaluate((block) => block.getBoundingClientRect().top + window.scrollY);
  await shifts.reset();
  const undrawn: string[] = [];
  for (let y = 0; y <= fourthBlock; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await frames(page);
    undrawn.push(...(await undrawnOnScreen(page)));
  }
  expect(undrawn).toEqual([]);
  expect(await shifts.shifted()).toBe(0);

  // Tabbing from the first card into a block that was skipped brings each card on screen, drawn.
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page);
  await cards.nth(0).getByRole("link").first().focus();
  const fortieth = cards.nth(39);
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press("Tab");
    if (await fortieth.evaluate((card) => card.contains(document.activeElement))) break;
  }
  await expect(fortieth.getByRole("link").first()).toBeFocused();
  await expect(fortieth.getByRole("link").first()).toBeInViewport();
  expect(await drawn(fortieth)).toBe(true);

  // Back from the 101st product shows it where it was: the blocks above it, skipped, keep their
  // real heights rather than an estimate.
  const hundredFirst = cards.nth(100);
  await hundredFirst.scrollIntoViewIfNeeded();
  await frames(page);
  const topBefore = await hundredFirst.evaluate((card) => card.getBoundingClientRect().top);
  const name = (await hundredFirst.getByRole("img").first().getAttribute("alt")) ?? "";
  await hundredFirst.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(cards.nth(100)).toBeInViewport();
  await expect
    .poll(() => cards.nth(100).evaluate((card) => card.getBoundingClientRect().top))
    .toBeCloseTo(topBefore, 0);
});

test("a long list loaded again (a reload, or a tab the phone's browser let go) comes back as deep as it was, at the card the shopper was at", async ({
  page,
}) => {
  await page.goto("/products/grains");
  const cards = await loadCards(page, 96);
  const eightyFirst = cards.nth(80);
  await eightyFirst.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 150));
  await frames(page);
  const topBefore = await eightyFirst.evaluate((card) => card.getBoundingClientRect().top);
  const name = await eightyFirst.getByRole("img").first().getAttribute("alt");

  await page.reload();
  // The server draws the first 24 cards; the app reads the next pages again, one after another.
  await expect(cards.nth(80)).toBeInViewport();
  expect(await cards.nth(80).getByRole("img").first().getAttribute("alt")).toBe(name);
  await expect
    .poll(() => cards.nth(80).evaluate((card) => card.getBoundingClientRect().top))
    .toBeCloseTo(topBefore, 0);
  expect(await cards.count()).toBeLessThanOrEqual(120);
});

test("a long list's blocks line up as one grid on a phone, a tablet and a laptop", async ({
  page,
}) => {
  await page.goto("/products/grains");
  const cards = await loadCards(page, 72);
  for (const { width, columns, gap } of [
    { width: 360, columns: 2, gap: 12 },
    { width: 768, columns: 3, gap: 20 },
    { width: 1280, columns: 5, gap: 20 },
  ]) {
    await page.setViewportSize({ width, height: 800 });
    // Where one block ends and the next begins (cards 30 and 31, 60 and 61), as the shopper sees
    // it: card i sits in column i % columns, and the next row starts one gap below the tallest
    // card of the row above, as within a block.
    for (const first of [30, 60]) {
      await cards.nth(first).scrollIntoViewIfNeeded();
      await frames(page);
      const boxes = await cards.evaluateAll(
        (items, [from, to]) =>
          items.slice(from, to).map((item) => {
            const box = item.getBoundingClientRect();
            return { left: Math.round(box.left), top: box.top, bottom: box.bottom };
          }),
        [first - columns, first + columns],
      );
      const where = `${width} px, cards ${first} and ${first + 1}`;
      const lefts = boxes.slice(0, columns).map((box) => box.left);
      expect(new Set(lefts).size, where).toBe(columns);
      expect(
        boxes.slice(columns).map((box) => box.left),
        where,
      ).toEqual(lefts);
      const above = Math.max(...boxes.slice(0, columns).map((box) => box.bottom));
      for (const box of boxes.slice(columns)) expect(box.top - above, where).toBeCloseTo(gap, 0);
    }
  }
});
