import { expect, test } from "@playwright/test";
import { addAddress, newShopper, register, snap } from "./helpers";

test("a visitor browses, searches with a typo, registers, keeps the cart, orders cash on delivery and cancels", async ({
  page,
}, testInfo) => {
  const shopper = newShopper();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Best Sellers" })).toBeVisible();
  await snap(page, testInfo, "home");

  await page.getByRole("link", { name: "Fresh Fruits" }).click();
  await expect(page).toHaveURL(/\/products\/fruits$/);
  await expect(page.getByRole("heading", { name: "Fresh Fruits" })).toBeVisible();
  await page
    .getByRole("link", { name: /Banana/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /Banana/ })).toBeVisible();
  await expect(page.getByText("(inclusive of all taxes)")).toBeVisible();
  await snap(page, testInfo, "product");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to Cart")).toBeVisible();

  // A typo still finds the product (the server's trigram search).
  await page.goto("/products?search=tomatto");
  await expect(page.getByText("Fresh Tomato")).toBeVisible();
  await page.getByRole("button", { name: "Add Fresh Tomato to cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 2 items" }).first()).toBeVisible();

  await page.getByRole("button", { name: "Login" }).click();
  await register(page, shopper);
  await page.goto("/cart");
  await expect(page.getByText("Fresh Tomato")).toBeVisible();
  await expect(page.getByText(/Banana/)).toBeVisible();

  await addAddress(page);
  await expect(page.getByText(/12 MG Road/)).toBeVisible();
  // The list of addresses opens below the chosen one, its phone number included (it covered the
  // address's third line).
  const chosen = page.locator("p", { hasText: "+919876543210" }).first();
  await page.getByRole("button", { name: "Change" }).click();
  const list = page.getByRole("list", { name: "Saved addresses" });
  await expect(list).toBeVisible();
  const chosenBox = (await chosen.boundingBox())!;
  expect((await list.boundingBox())!.y).toBeGreaterThanOrEqual(chosenBox.y + chosenBox.height);
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await snap(page, testInfo, "cart");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const order = page.getByRole("article").first();
  await expect(order.getByText("Fresh Tomato")).toBeVisible();
  await expect(order.getByTestId("order-status")).toContainText("Order Placed");
  await expect(order.getByText(/Arriving by/)).toBeVisible();
  await snap(page, testInfo, "my-orders");

  // The page's own dialog asks (no more the browser's confirm).
  await order.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(order.getByTestId("order-status")).toContainText("Cancelled");
});
