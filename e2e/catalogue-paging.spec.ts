import { expect, test } from "@playwright/test";

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
  // also load a page by itself).
  await page.getByRole("button", { name: "Load more" }).click();
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
