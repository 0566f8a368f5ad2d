import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { e2eSeller } from "./global-setup";
import { newShopper } from "./helpers";

/** A new shopper places `count` cash on delivery orders of one to three products (API calls). */
async function placeOrders(api: APIRequestContext, count: number): Promise<string[]> {
  const shopper = newShopper();
  expect((await api.post("/api/user/register", { data: shopper })).ok()).toBe(true);
  const added = await api.post("/api/address/add", {
    data: {
      address: {
        firstName: "Asha",
        lastName: "Rao",
        email: shopper.email,
        street: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        zipcode: "560001",
        country: "India",
        phone: "98450 12345",
      },
    },
  });
  const address = ((await added.json()) as { address: { _id: string } }).address._id;
  const listed = await api.get("/api/product/list?inStock=true&limit=30");
  const products = ((await listed.json()) as { products: { _id: string }[] }).products;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const items = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
        product: products[(i + 7 * k) % products.length]!._id,
        quantity: 1,
      }));
      const placed = await api.post("/api/order/cod", { data: { items, address } });
      expect(placed.ok(), await placed.text()).toBe(true);
      return ((await placed.json()) as { orderId: string }).orderId;
    }),
  );
}

/**
 * Opens /seller/orders afresh in a window of `size` and answers the layout shift of its first load
 * (the sum of the shifts no input caused) once the queue, its counts and the live badge show.
 */
async function firstLoadShift(
  browser: Browser,
  storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>,
  size: { width: number; height: number },
  phone = false,
): Promise<number> {
  const context = await browser.newContext({
    storageState,
    viewport: size,
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: phone ? 2 : 1,
  });
  const page = await context.newPage();
  await page.goto("/seller/orders");
  await expect(page.getByRole("list", { name: "Orders" }).getByRole("article")).not.toHaveCount(0);
  await expect(page.getByRole("link", { name: /^All open \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("status").getByText("Live")).toBeVisible();
  const shift = await page.evaluate(async () => {
    let sum = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) sum += entry.value;
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    // Two frames for the last shift to be reported, then whatever is still queued.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    add(observer.takeRecords());
    observer.disconnect();
    return sum;
  });
  await context.close();
  return shift;
}

test("the seller's Orders page does not shift as it loads, on a laptop and on a phone", async ({
  request,
  browser,
}) => {
  // A queue of a few dozen orders, some of them already being packed.
  const ids = await placeOrders(request, 24);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  await Promise.all(
    ids.slice(0, 5).map(async (orderId) => {
      const moved = await request.post("/api/order/status", {
        data: { orderId, status: "Packing" },
      });
      expect(moved.ok()).toBe(true);
    }),
  );
  const seller = await request.storageState();
  // The filters' counts come with the queue: they must not widen the pills and wrap their row,
  // pushing the export form and the list down (0.072 on a laptop, 0.027 on a phone, before).
  expect(await firstLoadShift(browser, seller, { width: 1366, height: 768 })).toBeLessThan(0.01);
  expect(await firstLoadShift(browser, seller, { width: 390, height: 844 }, true)).toBeLessThan(
    0.01,
  );
});

test("on a tablet beside the sidebar (820 px), an order's moves are on screen, not sideways", async ({
  request,
  browser,
}) => {
  await placeOrders(request, 2);
  expect((await request.post("/api/seller/login", { data: e2eSeller })).ok()).toBe(true);
  const context = await browser.newContext({
    storageState: await request.storageState(),
    viewport: { width: 820, height: 1180 },
  });
  const page = await context.newPage();
  await page.goto("/seller/orders");
  const card = page.getByRole("list", { name: "Orders" }).getByRole("article").first();
  const move = card.getByRole("button", { name: /^Mark / });
  await expect(move).toBeVisible();
  // Four columns needed about 370 px more than the 484 the page has there.
  // One main landmark, the seller's page (it sat inside the app's own main before).
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.locator("main")).toHaveAttribute("id", "main");
  const main = await page.locator("main").evaluate((m) => m.scrollWidth - m.clientWidth);
  expect(main).toBe(0);
  const box = (await move.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(820);
  await context.close();
});
