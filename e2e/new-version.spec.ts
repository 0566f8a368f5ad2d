import { expect, test, type Page } from "@playwright/test";

// A new version of the store deployed while a shopper's page is open: the chunks that page would
// load next are gone from the server (404).

/** Every chunk but the entry answers 404, the first `times` times it is asked for (all if omitted). */
async function chunksGone(page: Page, times?: number) {
  let left = times ?? Infinity;
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (request) => {
    if (left-- > 0) await request.fulfill({ status: 404, body: "Not Found" });
    else await request.continue();
  });
}

test("the page a shopper moves to after a new version is loaded again, new, not an error", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: /contact/i }).first()).toBeVisible();
  await page.evaluate(() => sessionStorage.clear());
  await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
  await chunksGone(page, 1);

  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { name: "Why Choose Us" })).toBeVisible();
  expect(page.url()).toMatch(/\/about$/);
  // Loaded again: the page's own state is gone.
  expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
    undefined,
  );
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
});

test("a chunk truly missing shows the error page after one more load, not loads for ever", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: /contact/i }).first()).toBeVisible();
  await page.evaluate(() => sessionStorage.clear());
  let loads = 0;
  page.on("load", () => loads++);
  await chunksGone(page);

  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByText("Unexpected Application Error!").first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(loads).toBe(1);
  await expect(page.getByText("Unexpected Application Error!").first()).toBeVisible();
});
