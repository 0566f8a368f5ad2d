import { expect, test, type Page } from "@playwright/test";
import type { Order } from "../contract/order";
import { snap } from "./helpers";
import {
  addProduct,
  expectNotReloaded,
  markPage,
  placeCodOrder,
  sellerLogin,
  uniqueName,
} from "./journey-steps";

/** The open-order count in the tab's title: "(3) Orders | GreenCart" is 3, no count is 0. */
async function openCountInTitle(page: Page): Promise<number> {
  const title = await page.title();
  expect(title).toContain("Orders");
  const count = /^\((\d+)\) /.exec(title);
  return count ? Number(count[1]) : 0;
}

test("the seller's Orders page shows an order placed from another browser without reload", async ({
  page: seller,
  browser,
}, testInfo) => {
  const name = uniqueName("Live Guavas");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 20 });

  await seller.getByRole("link", { name: "Orders" }).click();
  await expect(seller.getByRole("heading", { name: "Orders List" })).toBeVisible();
  // Connected to the event stream, the list loaded (the filters show their counts).
  await expect(seller.getByText("Live", { exact: true })).toBeVisible();
  await expect(seller.getByRole("link", { name: /^All open \(\d+\)$/ })).toBeVisible();
  const openBefore = await openCountInTitle(seller);
  await markPage(seller);

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  const { number } = await placeCodOrder(shop, name);

  // Pushed to the seller's page: the card, a toast and the count in the tab's title.
  const order = seller.getByRole("article", { name: `Order ${number}` });
  await expect(order).toBeVisible({ timeout: 5_000 });
  await expect(order.getByText(name)).toBeVisible();
  await expect(order.getByTestId("seller-order-status")).toHaveText("Order Placed");
  await expect(order.getByRole("button", { name: "Mark Packing" })).toBeEnabled();
  await expect(seller.getByText(new RegExp(`^New order #${number} · ₹`))).toBeVisible();
  await expect(seller).toHaveTitle(`(${openBefore + 1}) Orders | GreenCart`);
  await expect(seller.getByRole("link", { name: `All open (${openBefore + 1})` })).toBeVisible();
  await expectNotReloaded(seller);
  await snap(seller, testInfo, "seller-orders-live");
  await shopperContext.close();
});

test("the shopper's order page follows the seller's moves live, with a correct countdown", async ({
  page: seller,
  browser,
}, testInfo) => {
  const name = uniqueName("Live Papayas");
  await sellerLogin(seller);
  await addProduct(seller, { name, stock: 20 });

  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  const { id, number } = await placeCodOrder(shop, name);
  await shop
    .getByRole("article", { name: `Order ${number}` })
    .getByRole("link", { name: /^Order: / })
    .click();
  await expect(shop).toHaveURL(`/my-orders/${id}`);
  await expect(shop.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(shop.getByText("Live", { exact: true })).toBeVisible();
  const status = shop.getByTestId("order-status");
  await expect(status).toHaveText("Order Placed");

  // The countdown: the promise's clock time as the page formats it, and the minutes left now.
  const answer = await shop.request.get(`/api/order/${id}`);
  expect(answer.ok()).toBe(true);
  const placed = ((await answer.json()) as { order: Order }).order;
  expect(placed.items[0]?.product.name).toBe(name);
  const expected = await shop.evaluate((deliverBy) => {
    const clock = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" });
    return {
      time: clock.format(new Date(deliverBy)).toLowerCase(),
      minutes: Math.ceil((Date.parse(deliverBy) - Date.now()) / 60_000),
    };
  }, placed.deliverBy);
  expect(expected.time).toMatch(/^\d{1,2}:\d{2}\s(am|pm)$/);
  expect(expected.minutes).toBeGreaterThan(0);
  const countdown = shop.getByTestId("delivery-countdown");
  await expect(countdown).toContainText("Arriving by");
  const shown = /^Arriving by (.+) · (\d+) min$/.exec((await countdown.textContent()) ?? "");
  expect(shown, "the countdown reads “Arriving by <time> · <n> min”").not.toBeNull();
  expect(shown![1]).toBe(expected.time);
  expect(Math.abs(Number(shown![2]) - expected.minutes)).toBeLessThanOrEqual(1);
  await markPage(shop);

  // The seller moves the order along in the other browser; the shopper's page follows.
  await seller.getByRole("link", { name: "Orders" }).click();
  const card = seller.getByRole("article", { name: `Order ${number}` });
  await card.getByRole("button", { name: "Mark Packing" }).click();
  await expect(status).toHaveText("Packing", { timeout: 5_000 });
  await card.getByRole("button", { name: "Mark Out for Delivery" }).click();
  await expect(status).toHaveText("Out for Delivery", { timeout: 5_000 });
  await expect(shop.getByText("Your order is out for delivery")).toBeVisible();
  const progress = shop.getByRole("list", { name: "Order progress" });
  await expect(progress.locator('[aria-current="step"]')).toContainText("Out for Delivery");
  await expect(countdown).toContainText(`Arriving by ${expected.time}`);

  await card.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(status).toHaveText("Delivered", { timeout: 5_000 });
  await expect(shop.getByText("Your order has been delivered")).toBeVisible();
  const delivered = (
    (await (await shop.request.get(`/api/order/${id}`)).json()) as { order: Order }
  ).order;
  expect(delivered.status).toBe("Delivered");
  const deliveredTime = await shop.evaluate(
    (at) =>
      new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" })
        .format(new Date(at))
        .toLowerCase(),
    delivered.deliveredAt ?? delivered.history.findLast((h) => h.status === "Delivered")!.at,
  );
  await expect(countdown).toHaveText(`Delivered at ${deliveredTime}`);
  await expect(shop.getByRole("button", { name: "Order again" })).toBeVisible();
  await expectNotReloaded(shop);
  await snap(shop, testInfo, "shopper-order-live");
  await shopperContext.close();
});
