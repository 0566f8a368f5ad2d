import { expect, test, type Page } from "@playwright/test";
import { addProduct, placeCodOrder, sellerLogin, uniqueName } from "./journey-steps";

// Issue 42's polish: the home page's Best Sellers are the products sold most in the last 30 days,
// not the newest ones.

/** The names of the home page's Best Sellers, read afresh. */
async function bestSellers(page: Page): Promise<string[]> {
  await page.goto("/");
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Best Sellers" }),
  });
  const cards = section.getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  return section.locator(".card-name").allInnerTexts();
}

test("Best Sellers follow sales: a product sold most this month comes first, ahead of newer ones", async ({
  page: seller,
  browser,
}) => {
  const sold = uniqueName("Bestselling Bananas");
  const newer = uniqueName("Newer Kiwis");
  await sellerLogin(seller);
  await addProduct(seller, { name: sold, stock: 500 });
  await addProduct(seller, { name: newer, stock: 500 });
  expect((await bestSellers(seller))[0]).not.toBe(sold);

  // A shopper buys one in the store, then 3 × 99 more (the cart's choice stops at 9): more units
  // than any other journey sells of one product.
  const context = await browser.newContext();
  const shop = await context.newPage();
  await placeCodOrder(shop, sold, 1);
  const found = await shop.request.get(`/api/product/list?q=${encodeURIComponent(sold)}`);
  const product = (
    (await found.json()) as { products: { _id: string; name: string }[] }
  ).products.find((p) => p.name === sold)!;
  const saved = await shop.request.get("/api/address/get");
  const address = ((await saved.json()) as { addresses: { _id: string }[] }).addresses[0]!;
  for (let i = 0; i < 3; i++) {
    const placed = await shop.request.post("/api/order/cod", {
      data: { items: [{ product: product._id, quantity: 99 }], address: address._id },
      headers: { "Idempotency-Key": `best-sellers-${sold}-${i}` },
    });
    expect(placed.status()).toBe(201);
  }
  await context.close();

  // The list is cached; a stock change makes it read again within seconds.
  await expect.poll(async () => (await bestSellers(seller))[0], { timeout: 20_000 }).toBe(sold);
  // The newer product, unsold, is only ever listed after every product that sold.
  const names = await bestSellers(seller);
  if (names.includes(newer)) expect(names.indexOf(newer)).toBeGreaterThan(0);
});
