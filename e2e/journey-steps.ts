import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { e2eSeller } from "./global-setup";
import { addAddress, newShopper, register } from "./helpers";

/** Logs the e2e seller in on `page` (its own browser context) and lands on Add Product. */
export async function sellerLogin(page: Page) {
  await page.goto("/seller");
  await page.getByLabel("Email").fill(e2eSeller.email);
  await page.getByLabel("Password").fill(e2eSeller.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Admin")).toBeVisible();
}

/** A product name no other journey uses. */
export function uniqueName(kind: string) {
  return `${kind} ${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

/** Adds a Fruits product through the seller's Add Product form (the seller is logged in). */
export async function addProduct(
  page: Page,
  product: { name: string; stock: number; offerPrice?: number },
) {
  const photo = await sharp({
    create: { width: 600, height: 600, channels: 3, background: "#f97316" },
  })
    .png()
    .toBuffer();
  await page.goto("/seller");
  await page
    .getByLabel("Image 1")
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: photo });
  await page.getByLabel("Product Name").fill(product.name);
  await page.getByLabel(/Product Description/).fill("Picked this morning");
  await page.getByLabel("Category").selectOption("Fruits");
  await page.getByLabel("Product Price").fill("120");
  await page.getByLabel("Offer Price").fill(String(product.offerPrice ?? 100));
  await page.getByLabel("Weight").fill("1 kg");
  await page.getByLabel("Stock", { exact: true }).fill(String(product.stock));
  await page.getByRole("button", { name: "ADD" }).click();
  await expect(page.getByText("Product Added")).toBeVisible();
}

/** The storefront's search results for `name` (the product's card is among them). */
export async function openInStorefront(shop: Page, name: string) {
  await shop.goto(`/products?search=${encodeURIComponent(name)}`);
  await expect(shop.getByRole("link", { name }).first()).toBeVisible();
}

/**
 * A new shopper puts `quantity` of `name` in the cart, registers, adds an address and places a
 * cash on delivery order. Answers the order's id and number, read from /my-orders.
 */
export async function placeCodOrder(shop: Page, name: string, quantity = 1) {
  await openInStorefront(shop, name);
  await shop.getByRole("button", { name: `Add ${name} to cart` }).click();
  await shop.getByRole("button", { name: "Login" }).click();
  await register(shop, newShopper());
  await addAddress(shop);
  if (quantity !== 1)
    await shop.getByLabel(`Quantity of ${name}`, { exact: true }).selectOption(String(quantity));
  await expect(shop.getByRole("group", { name: `Quantity of ${name}: ${quantity}` })).toBeVisible();
  await shop.getByRole("button", { name: "Place Order" }).click();
  await expect(shop).toHaveURL(/\/my-orders$/);
  const link = shop
    .getByRole("article")
    .filter({ hasText: name })
    .getByRole("link", { name: /^Order: / });
  const href = (await link.getAttribute("href"))!;
  const id = decodeURIComponent(href.replace("/my-orders/", ""));
  return { id, number: id.slice(0, 8) };
}

/** Sets `window.__marker`: still there later means the page was never reloaded. */
export async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __marker?: number }).__marker = 1;
  });
}

export async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
}
