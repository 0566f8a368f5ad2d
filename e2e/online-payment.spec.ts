import { expect, test, type Page } from "@playwright/test";
import { addAddress, newShopper, register, snap } from "./helpers";

/** A new shopper with a dairy product in the cart and an address, on the cart page. */
async function newShopperWithDairyInCart(page: Page) {
  await page.goto("/products/dairy");
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await addAddress(page);
}

test("online payment through the demo provider's page returns via /loader to a paid order", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await newShopperWithDairyInCart(page);

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

test("a shopper who left two online payments unfinished gives them up from the cart and pays for this one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newShopperWithDairyInCart(page);

  // Twice: to the payment page, then back to the cart without paying (closed, not cancelled),
  // where the cart changes; each change is another checkout, holding its stock.
  for (let left = 0; left < 2; left++) {
    await page.getByLabel("Payment Method").selectOption("Online");
    await page.getByRole("button", { name: "Proceed to Checkout" }).first().click();
    await expect(page).toHaveURL(/\/api\/payments\/demo\//);
    await page.goto("/cart");
    await page
      .getByRole("button", { name: /^Add one more / })
      .first()
      .click();
  }
  await page.getByLabel("Payment Method").selectOption("Online");
  await page.getByRole("button", { name: "Proceed to Checkout" }).first().click();
  const notice = page.getByRole("alert").filter({ hasText: "You left online payments unfinished" });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Cancel them and pay for this cart" }).click();

  await expect(page).toHaveURL(/\/api\/payments\/demo\//);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  // Only the order paid for is listed (the ones given up never were).
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(
    page
      .getByRole("article")
      .first()
      .getByText(/Online · Paid/),
  ).toBeVisible();
});
