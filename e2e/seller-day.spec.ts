import { expect, test, type Page } from "@playwright/test";
import { snap } from "./helpers";
import { addProduct, placeCodOrder, sellerLogin, uniqueName } from "./journey-steps";

/** The storefront card of `name`: its picture link's parent holds the price and the Add button. */
const card = (shop: Page, name: string) => shop.getByRole("link", { name }).first().locator("..");

/** The number in one of the dashboard's "Today" tiles. */
async function todayTile(page: Page, label: string): Promise<string> {
  const today = page.getByRole("region", { name: "Today" });
  const tile = today.locator("div").filter({ has: page.getByText(label, { exact: true }) });
  return (await tile.locator("dd").textContent()) ?? "";
}

test("the seller restocks a sold-out product and the storefront sells it again", async ({
  page: seller,
  browser,
}, testInfo) => {
  const name = uniqueName("Restock Lychees");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 2 });

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  // The category page lists what is off sale too (search lists only what is on sale), newest first.
  await shop.goto("/products/fruits");
  await expect(shop.getByRole("button", { name: `Add ${name} to cart` })).toBeVisible();

  // The seller counts none left: "Set stock to" 0 takes it off sale.
  await seller.goto(`/seller/product-list?q=${encodeURIComponent(name)}`);
  await seller.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(seller.getByLabel("Product Name")).toHaveValue(name);
  await expect(seller.getByLabel("Set stock to")).toHaveValue("2");
  await seller.getByLabel("Set stock to").fill("0");
  await seller.getByRole("button", { name: "Save" }).click();
  await expect(seller.getByText("Product Updated")).toBeVisible();
  await expect(seller.getByRole("heading", { name: "All Products" })).toBeVisible();
  await seller.goto(`/seller/product-list?q=${encodeURIComponent(name)}`);
  const row = seller.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Sold out")).toBeVisible();
  await expect(row.getByLabel(`${name} in stock`)).not.toBeChecked();
  // Counted within the search: the one product, sold out (and so low on stock too).
  await expect(seller.getByText("Showing 1 of 1 product", { exact: true })).toBeVisible();
  await expect(seller.getByLabel("Stock level").locator("option")).toHaveText([
    "All (1)",
    "Low stock (1)",
    "Sold out (1)",
    "Switched off (0)",
  ]);

  await shop.reload();
  await expect(card(shop, name).getByText("Out of stock")).toBeVisible();
  await expect(shop.getByRole("button", { name: `Add ${name} to cart` })).toHaveCount(0);

  // Restock +5 on the product's page; the history records it.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const restock = seller.getByRole("form", { name: "Restock" });
  await expect(restock.getByText("In stock now: 0 units")).toBeVisible();
  await restock.getByLabel("Quantity").fill("5");
  await restock.getByLabel("Note (optional)").fill("Crate from the farm");
  await restock.getByRole("button", { name: "Restock" }).click();
  await expect(seller.getByText("Added 5 units")).toBeVisible();
  await expect(restock.getByText("In stock now: 5 units")).toBeVisible();
  await expect(seller.getByLabel("Set stock to")).toHaveValue("5");
  // Newest first: the restock, the count to 0, and the first stock (recorded as a restock).
  // At 1280 px the history's column beside the form is too narrow for a table: a list.
  const history = seller.getByRole("list", { name: "Stock changes, newest first" });
  const entries = history.getByRole("listitem");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveText(
    /^\+5 units\s*Stock after: 5\s*Restock\s*“Crate from the farm”.*· seller@e2e\.test$/,
  );
  await expect(entries.nth(1)).toHaveText(
    /^−2 units\s*Stock after: 0\s*Edited by seller\s*“Set to 0”.*· seller@e2e\.test$/,
  );
  await expect(entries.nth(2)).toContainText(/Restock\s*“Initial stock”/);
  await snap(seller, testInfo, "seller-restocked");

  // Back on sale: the storefront sells it again.
  await shop.reload();
  await expect(card(shop, name).getByText("Out of stock")).toHaveCount(0);
  await shop.getByRole("button", { name: `Add ${name} to cart` }).click();
  await expect(shop.getByRole("group", { name: `${name} in cart` })).toContainText("1");
  await shop.goto("/cart");
  await expect(shop.getByRole("group", { name: `Quantity of ${name}: 1` })).toBeVisible();
  await expect(shop.getByText("Out of stock: remove it to order.")).toHaveCount(0);
  await shopperContext.close();
});

test("the dashboard shows the day's order", async ({ page: seller, browser }, testInfo) => {
  const name = uniqueName("Dashboard Figs");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 20, offerPrice: 100 });
  await seller.goto("/seller/dashboard");
  await expect(seller.getByRole("heading", { name: "Today" })).toBeVisible();
  const before = Number(await todayTile(seller, "Orders"));
  expect(Number.isInteger(before)).toBe(true);

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  await placeCodOrder(shop, name, 6);

  await seller.reload();
  await expect(seller.getByRole("heading", { name: "Today" })).toBeVisible();
  expect(Number(await todayTile(seller, "Orders"))).toBe(before + 1);
  // Six units of a new product: among the top products of the week, with its takings.
  const top = seller.getByRole("region", { name: "Top products" });
  await expect(top.getByRole("row", { name: new RegExp(name) }).getByRole("cell")).toHaveText([
    "6",
    "₹600.00",
  ]);
  // The chart's table: today (the last day) counts the same orders as the tile.
  await seller.getByText("Show the numbers as a table").click();
  const days = seller.getByRole("region", { name: "Orders and revenue by day" });
  const todayRow = days.locator("tbody tr").last();
  await expect(todayRow.getByRole("cell").first()).toHaveText(String(before + 1));
  await snap(seller, testInfo, "seller-dashboard");
  await shopperContext.close();
});

test("a shopper uses Order again", async ({ page: seller, browser }) => {
  const name = uniqueName("Again Plums");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 20 });

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  const { number } = await placeCodOrder(shop, name, 3);
  const mine = shop.getByRole("article", { name: `Order ${number}` });
  await expect(mine.getByRole("button", { name: /Order again/ })).toHaveCount(0);

  await seller.goto("/seller/orders");
  const order = seller.getByRole("article", { name: `Order ${number}` });
  for (const step of ["Mark Packing", "Mark Out for Delivery", "Mark Delivered"])
    await order.getByRole("button", { name: step }).click();
  await expect(order).toHaveCount(0);

  // The shopper's list follows the seller live, without a reload.
  await expect(mine.getByTestId("order-status")).toContainText("Delivered");
  await expect(shop.getByRole("link", { name: "Cart, 0 items" }).first()).toBeVisible();
  await mine.getByRole("button", { name: /Order again/ }).click();
  await expect(shop).toHaveURL(/\/cart$/);
  await expect(shop.getByText(`Added to your cart: ${name}`)).toBeVisible();
  await expect(shop.getByRole("group", { name: `Quantity of ${name}: 3` })).toBeVisible();
  await expect(shop.getByLabel(`Quantity of ${name}`, { exact: true })).toHaveValue("3");
  await expect(shop.getByText(name, { exact: true })).toBeVisible();
  await shopperContext.close();
});
