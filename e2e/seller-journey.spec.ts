import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { e2eSeller } from "./global-setup";
import { addAddress, newShopper, register, snap } from "./helpers";

test("the seller adds a product with two images, switches it out of stock, edits its price and delivers an order", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = `Journey Mangoes ${Date.now()}`;
  const images = await Promise.all(
    ["#f59e0b", "#16a34a"].map(async (colour, i) => ({
      name: `photo-${i}.png`,
      mimeType: "image/png",
      buffer: await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    })),
  );

  await page.goto("/seller");
  await page.getByLabel("Email").fill(e2eSeller.email);
  await page.getByLabel("Password").fill(e2eSeller.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Admin")).toBeVisible();

  await page.getByLabel("Image 1").setInputFiles(images[0]!);
  await page.getByLabel("Image 2").setInputFiles(images[1]!);
  await page.getByLabel("Product Name").fill(name);
  await page.getByLabel(/Product Description/).fill("Sweet and ripe\nFrom Ratnagiri");
  await page.getByLabel("Category").selectOption("Fruits");
  await page.getByLabel("Product Price").fill("500");
  await page.getByLabel("Offer Price").fill("449.5");
  await page.getByLabel("Weight").fill("1 kg");
  await page.getByLabel("Stock").fill("20");
  await snap(page, testInfo, "seller-add-product");
  await page.getByRole("button", { name: "ADD" }).click();
  await expect(page.getByText("Product Added")).toBeVisible();

  // A shopper in another browser context sees it in the storefront.
  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  await shop.goto("/products/fruits");
  await expect(shop.getByText(name)).toBeVisible();

  await page.getByRole("link", { name: "Product List" }).click();
  await page.getByLabel(`${name} in stock`).dispatchEvent("click");
  await expect(page.getByText("Stock Updated")).toBeVisible();
  await snap(page, testInfo, "seller-product-list");
  await shop.reload();
  await expect(
    shop.getByRole("link", { name }).locator("..").getByText("Out of stock"),
  ).toBeVisible();
  await page.getByLabel(`${name} in stock`).dispatchEvent("click");
  await expect(page.getByText("Stock Updated").first()).toBeVisible();

  // A new offer price, edited in the seller area, is what the storefront shows next.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Product Name")).toHaveValue(name);
  await page.getByLabel("Offer Price").fill("399");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Product Updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Products" })).toBeVisible();
  await shop.reload();
  await expect(
    shop.getByRole("link", { name }).locator("..").getByText("₹399.00", { exact: true }),
  ).toBeVisible();

  // The shopper orders it; the seller moves the order to Delivered; the shopper sees it.
  await shop.reload();
  await shop.getByRole("button", { name: `Add ${name} to cart` }).click();
  await shop.getByRole("button", { name: "Login" }).click();
  await register(shop, newShopper());
  await addAddress(shop);
  await shop.getByRole("button", { name: "Place Order" }).click();
  await expect(shop).toHaveURL(/\/my-orders$/);

  await page.getByRole("link", { name: "Orders" }).click();
  const order = page.getByRole("article").filter({ hasText: name });
  for (const step of ["Mark Packing", "Mark Out for Delivery", "Mark Delivered"]) {
    await order.getByRole("button", { name: step }).click();
  }
  // A delivered order leaves the open queue; the Delivered filter shows it.
  await expect(order).toHaveCount(0);
  await page.getByRole("link", { name: /^Delivered/ }).click();
  await expect(order.getByTestId("seller-order-status")).toHaveText("Delivered");
  await expect(order.getByText("Payment: Paid")).toBeVisible();
  await snap(page, testInfo, "seller-orders");

  await shop.reload();
  const mine = shop.getByRole("article").filter({ hasText: name });
  await expect(mine.getByTestId("order-status")).toContainText("Delivered");
  await shopperContext.close();
});
