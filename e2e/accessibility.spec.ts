import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { e2eSeller } from "./global-setup";
import { addAddress, animationsSettled, newShopper, register } from "./helpers";

async function expectNoSeriousViolations(page: Page, label: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
  ).toEqual([]);
}

test("storefront pages have no serious or critical accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Best Sellers" })).toBeVisible();
  await expectNoSeriousViolations(page, "home");

  await page.goto("/products/vegetables");
  await expect(page.getByRole("heading", { name: "Organic veggies" })).toBeVisible();
  await expectNoSeriousViolations(page, "category");

  await page
    .getByRole("link", { name: /Tomato/ })
    .first()
    .click();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await expectNoSeriousViolations(page, "product");
  await page.getByRole("button", { name: "Add to Cart" }).click();

  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: /Shopping Cart/ })).toBeVisible();
  await expectNoSeriousViolations(page, "cart");

  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await page.goto("/add-address");
  await expect(page.getByRole("button", { name: "Save address" })).toBeVisible();
  await expectNoSeriousViolations(page, "add-address");
  await addAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoSeriousViolations(page, "my-orders");
});

test("seller pages have no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/seller");
  await expectNoSeriousViolations(page, "seller-login");
  await page.getByLabel("Email").fill(e2eSeller.email);
  await page.getByLabel("Password").fill(e2eSeller.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Admin")).toBeVisible();
  await expectNoSeriousViolations(page, "seller-add-product");
  await page.getByRole("link", { name: "Product List" }).click();
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoSeriousViolations(page, "seller-product-list");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await expectNoSeriousViolations(page, "seller-edit-product");
  await page.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders List" })).toBeVisible();
  await expectNoSeriousViolations(page, "seller-orders");
});
