import { expect, test } from "@playwright/test";
import { addAddress, newShopper, register, snap } from "./helpers";

test("on a phone, a visitor uses the mobile menu, buys cash on delivery and cancels", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await snap(page, testInfo, "mobile-home");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.locator("#mobile-menu").getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await addAddress(page);
  await snap(page, testInfo, "mobile-cart");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const order = page.getByRole("article").first();
  await expect(order.getByTestId("order-status")).toContainText("Order Placed");
  await order.getByRole("button", { name: "Cancel order" }).click();
  // The store asks in its own dialog, not the browser's confirm.
  await page
    .getByRole("dialog", { name: /^Cancel order / })
    .getByRole("button", { name: "Yes, cancel it" })
    .click();
  await expect(order.getByTestId("order-status")).toContainText("Cancelled");
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "My Orders" })).toBeVisible();
  await snap(page, testInfo, "mobile-my-orders");
});
