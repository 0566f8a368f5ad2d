import { expect, test, type Page } from "@playwright/test";
import { addProduct, sellerLogin, uniqueName } from "./journey-steps";

/** Opens the edit page of `name` from the product list. */
async function openEdit(page: Page, name: string) {
  await page.goto(`/seller/product-list?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Product Name")).toHaveValue(name);
}

test.describe("a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the edit page shows the stock controls first and scrolls nothing sideways", async ({
    page,
  }) => {
    const name = uniqueName("Phone Guavas");
    await sellerLogin(page);
    await addProduct(page, { name, stock: 3 });
    await openEdit(page, name);
    const stock = page.getByRole("region", { name: "Stock and sale" });
    const onSale = stock.getByRole("checkbox", { name: "On sale" });
    await expect(onSale).toBeChecked();
    // The restock button is on the first screen, above the photos.
    const restock = stock.getByRole("button", { name: "Restock" });
    expect((await restock.boundingBox())!.y).toBeLessThan(844);
    const photos = (await page.getByRole("region", { name: "Photos" }).boundingBox())!;
    expect((await restock.boundingBox())!.y).toBeLessThan(photos.y);
    await expect(page.getByRole("list", { name: "Stock changes, newest first" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    // Neither the page nor the seller's main area scrolls sideways.
    const sideways = await page.evaluate(() =>
      [document.documentElement, document.querySelector("main")!].map(
        (el) => el.scrollWidth - el.clientWidth,
      ),
    );
    expect(sideways).toEqual([0, 0]);
    // Every control at least 44 px tall (the switch's and the photo's inputs through their label).
    const short = await page.evaluate(() =>
      [...document.querySelectorAll("main button, main input, main select, main textarea")]
        .map((el) => ({ el, box: (el.closest("label") ?? el).getBoundingClientRect() }))
        .filter(({ box }) => box.height < 43.5)
        .map(({ el, box }) => `${el.outerHTML.slice(0, 80)} ${Math.round(box.height)} px`),
    );
    expect(short).toEqual([]);

    // A tap on its label (the box itself is drawn over).
    await stock.getByText("On sale", { exact: true }).click();
    await expect(onSale).not.toBeChecked();
    await expect(stock.getByText("Switched off")).toBeVisible();
  });
});

test("leaving the edit page with a change not saved asks first", async ({ page }) => {
  const name = uniqueName("Unsaved Plums");
  await sellerLogin(page);
  await addProduct(page, { name, stock: 5 });
  await openEdit(page, name);
  await page.getByLabel("Offer Price").fill("90");

  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect.poll(() => questions).toEqual(["Leave without saving your changes?"]);
  await expect(page.getByLabel("Offer Price")).toHaveValue("90");

  // The browser's Back: cancelled on No (so it never completes), the page as it was.
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goBack({ timeout: 3_000 }).catch(() => null);
  await expect.poll(() => questions).toHaveLength(2);
  await expect(page).toHaveURL(/\/seller\/product-list\/[^/?]+/);
  await expect(page.getByLabel("Offer Price")).toHaveValue("90");

  // Closing the tab brings the browser's own prompt.
  const unload = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await unload;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
});
