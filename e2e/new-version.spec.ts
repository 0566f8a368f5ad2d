import { expect, test, type Page } from "@playwright/test";

// A new version of the store deployed while a shopper's page is open: the chunks that page would
// load next are gone from the server (404).

/**
 * Every chunk but the entry answers 404: until the page is next loaded (`untilReload`), or always.
 * Installed once the page has settled, so that what it fetched at start is not affected.
 */
async function chunksGone(page: Page, { untilReload }: { untilReload: boolean }) {
  await page.waitForLoadState("networkidle");
  let gone = true;
  if (untilReload) page.once("load", () => (gone = false));
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (request) => {
    if (gone) await request.fulfill({ status: 404, body: "Not Found" });
    else await request.continue();
  });
}

/** The page the shopper is on when the new version lands: /contact, its app running. */
async function openContactPage(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: /contact/i }).first()).toBeVisible();
}

const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { before?: boolean }).before === true);

test("the page a shopper moves to after a new version is loaded again, new, not an error", async ({
  page,
}) => {
  await openContactPage(page);
  await mark(page);
  await chunksGone(page, { untilReload: true });

  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { name: "Why Choose Us" })).toBeVisible();
  expect(page.url()).toMatch(/\/about$/);
  // Loaded again: the page's own state is gone.
  expect(await marked(page)).toBe(false);
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
});

test("a chunk truly missing shows the error page after one more load, not loads for ever", async ({
  page,
}) => {
  await openContactPage(page);
  let loads = 0;
  page.on("load", () => loads++);
  await chunksGone(page, { untilReload: false });

  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByText("Unexpected Application Error!").first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(loads).toBe(1);
  await expect(page.getByText("Unexpected Application Error!").first()).toBeVisible();
});

test("offline, a page whose code cannot come says so in its place, the store around it still works, and it loads by itself once online", async ({
  page,
  context,
}) => {
  await openContactPage(page);
  await mark(page);
  await context.setOffline(true);

  // About's code is not loaded yet (not among the pages loaded ahead).
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { name: "This page could not load" })).toBeVisible();
  // The whole store was replaced by the error page, and Back showed it still, before.
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  await expect(
    page.getByRole("navigation").getByRole("link", { name: /cart/i }).first(),
  ).toBeVisible();
  expect(await marked(page)).toBe(true);
  await page.goBack();
  await expect(page.getByRole("heading", { name: /contact/i }).first()).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { name: "This page could not load" })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Why Choose Us" })).toBeVisible();
  expect(page.url()).toMatch(/\/about$/);
  expect(await marked(page)).toBe(false);
});

test.describe("the phone menu (its own chunk, outside every page)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("offline, says it could not load and the store stays; online, the next tap opens it", async ({
    page,
    context,
  }) => {
    await page.goto("/products");
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);

    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(page.getByText("The menu could not load. Check your connection.")).toBeVisible();
    // The whole store gave way to the error page, and stayed so once online, before.
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "All products" })).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    const offline = page.getByText(
      "You are offline. The store will load again once you are connected.",
    );
    await expect(offline).toBeInViewport();
    // Under the bar and clear of the page's first control (the search box, 32 px below the bar),
    // where near the bottom it lay over the page (the cart's payment select), before.
    const [bar, notice, search] = await Promise.all([
      page.getByRole("banner").boundingBox(),
      offline.boundingBox(),
      page.getByRole("main").getByRole("searchbox", { name: "Search products" }).boundingBox(),
    ]);
    expect(notice!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
    expect(notice!.y + notice!.height).toBeLessThanOrEqual(search!.y);

    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
    await menu.click();
    await expect(page.getByRole("link", { name: "All Products", exact: true })).toBeVisible();
  });

  test("gone with a new version, loads the page again, new", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { name: "All products" })).toBeVisible();
    await mark(page);
    await chunksGone(page, { untilReload: true });

    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("heading", { name: "All products" })).toBeVisible();
    await expect.poll(() => marked(page)).toBe(false);
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  });
});
