import { expect, test, type Page } from "@playwright/test";
import { e2eSeller } from "./global-setup";
import { addAddress, newShopper, register } from "./helpers";

/** Every content-security-policy violation the page reports, from its next load on. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

// The store's policy allows no eval: nothing it serves may need one, not even to ask whether it
// may (zod's schemas did, on every page that parsed with one).
test("no page of the store trips its content-security policy", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);
  const seen: string[] = [];
  const visit = async (path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    seen.push(...(await violations()));
  };
  await visit("/", "Best Sellers");
  await page
    .getByRole("button", { name: /Add .* to cart/ })
    .first()
    .click();
  // The kept cart is read back (and parsed) on every page from now on.
  await visit("/products/fruits", "Fresh Fruits");
  await visit("/cart", "Shopping Cart");
  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await addAddress(page);
  seen.push(...(await violations()));
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await visit("/my-orders", "My Orders");

  await page.goto("/seller");
  await page.getByLabel("Email").fill(e2eSeller.email);
  await page.getByLabel("Password").fill(e2eSeller.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Admin")).toBeVisible();
  seen.push(...(await violations()));
  await visit("/seller/orders", "Orders List");
  await visit("/seller/product-list", "All Products");
  expect(seen).toEqual([]);
});
