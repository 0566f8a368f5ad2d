import { expect, test, type Page } from "@playwright/test";
import {
  addProduct,
  expectNotReloaded,
  markPage,
  placeCodOrder,
  sellerLogin,
  uniqueName,
} from "./journey-steps";

// Issue 42's polish: the seller says why an order is cancelled and the shopper reads it live; the
// shopper cancels from the order page.

/** The shopper's order page for the order `id`, followed live. */
async function openOrderPage(shop: Page, id: string) {
  await shop.goto(`/my-orders/${encodeURIComponent(id)}`);
  await expect(shop.getByRole("heading", { name: /^Order / })).toBeVisible();
  await expect(shop.getByText("Live", { exact: true })).toBeVisible();
}

test("the seller cancels with a reason and a note, and the shopper's open order page says why at once", async ({
  page: seller,
  browser,
}) => {
  const name = uniqueName("Reason Mangoes");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 10 });

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  const { id, number } = await placeCodOrder(shop, name);
  await openOrderPage(shop, id);
  await expect(shop.getByTestId("order-status")).toHaveText("Order Placed");
  await markPage(shop);

  await seller.getByRole("link", { name: "Orders" }).click();
  const card = seller.getByRole("article", { name: `Order ${number}` });
  await card.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = seller.getByRole("dialog", { name: `Cancel order #${number}?` });
  await expect(dialog).toBeVisible();
  // No reason chosen: the dialog says so and cancels nothing.
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(dialog.getByText("Choose why the order is cancelled.")).toBeVisible();
  await dialog.getByRole("radio", { name: "An item is out of stock" }).check();
  await dialog.getByLabel("Note for the shopper").fill("The mangoes ran out this morning.");
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(dialog).toBeHidden();
  // Cancelled, it leaves the open orders.
  await expect(card).toBeHidden();

  // The shopper's page, never reloaded, follows: the status and why.
  await expect(shop.getByTestId("order-status")).toHaveText("Cancelled");
  const why = shop.getByTestId("cancel-reason");
  await expect(why).toContainText("Cancelled by the shop: an item was out of stock.");
  await expect(why).toContainText("The mangoes ran out this morning.");
  await expect(shop.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expectNotReloaded(shop);
  await shopperContext.close();
});

test("the shopper cancels from the order page, after saying yes in the store's own dialog", async ({
  page: seller,
  browser,
}) => {
  const name = uniqueName("Cancelled Jamun");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 10 });

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  const { id, number } = await placeCodOrder(shop, name, 3);
  await openOrderPage(shop, id);

  // Keeping it changes nothing.
  await shop.getByRole("button", { name: "Cancel order" }).click();
  const dialog = shop.getByRole("dialog", { name: `Cancel order ${number}?` });
  await expect(dialog).toContainText("The shop will not prepare or deliver it.");
  await dialog.getByRole("button", { name: "No, keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(shop.getByTestId("order-status")).toHaveText("Order Placed");

  await shop.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(shop.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(shop.getByTestId("cancel-reason")).toContainText("Cancelled at your request.");
  await expect(shop.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

  // Its 3 units are back on the shelf: the product's page offers all 10 again.
  const found = await shop.request.get(`/api/product/list?q=${encodeURIComponent(name)}`);
  const { products } = (await found.json()) as { products: { name: string; stock: number }[] };
  expect(products.find((p) => p.name === name)?.stock).toBe(10);
  await shopperContext.close();
});
