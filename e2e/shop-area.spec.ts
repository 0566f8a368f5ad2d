import { expect, test, type Browser, type Page } from "@playwright/test";
import { newShopper, register, snap } from "./helpers";
import { addProduct, openInStorefront, sellerLogin, uniqueName } from "./journey-steps";

// Issue 43's journeys: the seller sets where the shop delivers and what it charges; a shopper
// checks a PIN, sees every fee, tops up to free delivery and orders at the total shown; another,
// outside the area, is refused in words. The shop is put back to "deliver anywhere, free" after,
// as the other journeys expect it.

async function shopSettings(page: Page, fill: Record<string, string>) {
  await page.goto("/seller/shop");
  for (const [label, value] of Object.entries(fill))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Shop settings saved")).toBeVisible();
}

const ANYWHERE_FREE = {
  "PIN codes": "",
  "Radius (km)": "",
  "Delivery fee (₹)": "0",
  "Free delivery from (₹)": "",
  "Minimum order (₹)": "0",
  "Small cart fee (₹)": "0",
  "Small cart below (₹)": "0",
};

/** A new shopper in their own browser: `name` in the cart, registered, an address at `pin`. */
async function shopperWithCart(browser: Browser, name: string, pin: string) {
  const page = await (await browser.newContext()).newPage();
  await openInStorefront(page, name);
  await page.getByRole("button", { name: `Add ${name} to cart` }).click();
  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await page.goto("/add-address");
  for (const [label, value] of [
    ["First Name", "Asha"],
    ["Last Name", "Rao"],
    ["Street", "12 FC Road"],
    ["City", "Pune"],
    ["State", "Maharashtra"],
    ["Zip code", pin],
    ["Phone", "+919876543210"],
  ])
    await page.getByLabel(label!, { exact: true }).fill(value!);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  return page;
}

const charge = (page: Page, name: string) =>
  page
    .getByRole("complementary", { name: "Order Summary" })
    .locator("div", { has: page.locator("dt", { hasText: new RegExp(`^${name}$`) }) })
    .locator("dd");

test("the seller sets the area and fees; a shopper inside sees each fee, tops up to free delivery and pays the total shown; one outside is refused", async ({
  browser,
}, testInfo) => {
  const seller = await (await browser.newContext()).newPage();
  await sellerLogin(seller);
  const name = uniqueName("Area Mango");
  await addProduct(seller, { name, stock: 20, offerPrice: 100 });
  await shopSettings(seller, {
    ...ANYWHERE_FREE,
    "PIN codes": "411001, 411005",
    "Delivery fee (₹)": "25",
    "Free delivery from (₹)": "199",
  });
  await snap(seller, testInfo, "shop-settings");

  try {
    // The PIN check on the home page, remembered for the next visit.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto("/");
    await visitor.getByLabel("Deliver to").fill("411001");
    await visitor.getByRole("button", { name: "Check" }).click();
    await expect(
      visitor.getByText("We deliver to 411001: ₹25.00 delivery, free above ₹199.00"),
    ).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText("We deliver to 411001: ₹25.00 delivery")).toBeVisible();
    await visitor.getByLabel("Deliver to").fill("400001");
    await visitor.getByRole("button", { name: "Check" }).click();
    await expect(visitor.getByText("Sorry, we don't deliver to 400001 yet.")).toBeVisible();

    // Inside the area: every fee its own line, then topped up to free delivery.
    const shop = await shopperWithCart(browser, name, "411001");
    await expect(charge(shop, "Items")).toHaveText("₹100.00");
    await expect(charge(shop, "Delivery fee")).toHaveText("₹25.00");
    await expect(charge(shop, "Total")).toHaveText("₹125.00");
    await expect(shop.getByText("Add ₹99.00 more for free delivery")).toBeVisible();
    await snap(shop, testInfo, "cart-with-fee");
    await shop.getByLabel(`Quantity of ${name}`, { exact: true }).selectOption("2");
    await expect(charge(shop, "Delivery fee")).toHaveText("Free");
    await expect(charge(shop, "Total")).toHaveText("₹200.00");
    await expect(shop.getByText(/more for free delivery/)).toBeHidden();
    await shop.getByRole("button", { name: "Place Order" }).click();
    await expect(shop).toHaveURL(/\/my-orders$/);
    const card = shop.getByRole("article").filter({ hasText: name });
    await expect(card.getByText("Total: ₹200.00")).toBeVisible();
    await card.getByRole("link", { name: /^Order: / }).click();
    const items = shop.getByRole("region", { name: "Items" });
    await expect(items.locator("dd").last()).toHaveText("₹200.00");
    await expect(items.getByText("Delivery fee")).toBeVisible();
    await snap(shop, testInfo, "order-page");

    // Outside the area: told why, and Place Order cannot be pressed.
    const outside = await shopperWithCart(browser, name, "400001");
    await expect(outside.getByText("Sorry, we don't deliver to 400001 yet.")).toBeVisible();
    await expect(outside.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await snap(outside, testInfo, "cart-outside");
  } finally {
    await shopSettings(seller, ANYWHERE_FREE);
  }
});
