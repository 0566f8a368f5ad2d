import { expect, test } from "@playwright/test";
import { addAddress, newShopper, register, snap } from "./helpers";

test("online payment through the demo provider's page returns via /loader to a paid order", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/products/dairy");
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await addAddress(page);

  await page.getByLabel("Payment Method").selectOption("Online");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo\//);
  await expect(page.getByText("Demo payment: no real money moves")).toBeVisible();
  await snap(page, testInfo, "demo-payment-page");
  await page.getByRole("button", { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/loader\?next=my-orders$/);
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  const order = page.getByRole("article").first();
  await expect(order.getByText(/Online · Paid/)).toBeVisible();
  await expect(order.getByTestId("order-status")).toContainText("Order Placed");
  await snap(page, testInfo, "paid-order");
  // What was bought left the cart, and a reload does not bring it back.
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
});
