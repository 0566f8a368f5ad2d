import { expect, test } from "@playwright/test";
import { newShopper, register } from "./helpers";

test("two tabs of one browser follow each other's sign-in and sign-out, and the visitor's cart is merged once", async ({
  context,
}) => {
  const shopper = newShopper();
  const first = await context.newPage();
  await first.goto("/products/dairy");
  await first
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await expect(first.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();

  // The second tab signs up; the visitor's cart (one item) joins the new account.
  const second = await context.newPage();
  await second.goto("/");
  await expect(second.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();
  await second.getByRole("button", { name: "Login" }).click();
  await register(second, shopper);

  // The first tab follows at once: signed in, and still one item, not the visitor's one again.
  const firstName = shopper.name.split(" ")[0]!;
  await expect(first.getByRole("button", { name: firstName })).toBeVisible();
  await expect(first.getByRole("button", { name: "Login" })).toHaveCount(0);
  await expect(first.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();
  await first.reload();
  await expect(first.getByRole("button", { name: firstName })).toBeVisible();
  await expect(first.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();

  // Logging out in the second tab logs the first one out too.
  await second.getByRole("button", { name: firstName }).click();
  await second.getByRole("button", { name: "Logout" }).click();
  await expect(second.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(first.getByRole("link", { name: "Cart, 0 items" }).first()).toBeVisible();
});
