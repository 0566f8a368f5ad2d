import { expect, test, type Page } from "@playwright/test";
import { SHOPPING_PAGES_LOADED_MARK } from "../web/ui/app-ready";
import { newShopper } from "./helpers";

/** React's complaints about taking over the server's HTML (hydration), as the browser logs them. */
function hydrationComplaints(page: Page): string[] {
  const complaints: string[] = [];
  const watch = (text: string) => {
    // In production React names them by number: 418 (HTML differs), 423/425 (recovered by
    // drawing again), 419 (a boundary the server could not finish).
    if (/hydrat|Minified React error #(418|419|423|425)/i.test(text)) complaints.push(text);
  };
  page.on("console", (message) => watch(message.text()));
  page.on("pageerror", (error) => watch(`${error.message}`));
  return complaints;
}

test.describe("storefront pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("arrive drawn by the server: home, a category, a product and search results", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Freshness You Can Trust/);
    await expect(page.getByRole("heading", { name: "Best Sellers" })).toBeVisible();
    await expect(page.locator("#best-title + ul > li")).toHaveCount(5);

    await page.goto("/products/grains");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards).toHaveCount(24);
    const first = cards.first().getByRole("link").first();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/products\/grains\/[0-9a-f-]{36}$/);

    await page.goto(href!);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();
    await expect(page.getByRole("img").first()).toBeVisible();

    await page.goto("/products?search=tomato");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “tomato”");
    await expect(page.getByRole("main").getByRole("listitem").first()).toContainText(/tomato/i);
  });

  test("pages that need the browser's own state still start empty", async ({ page }) => {
    await page.goto("/cart");
    expect(await page.locator("#root").innerHTML()).toBe("");
  });
});

test("the server's pictures stay the ones shown: the app keeps the page it was sent", async ({
  page,
}) => {
  const complaints = hydrationComplaints(page);
  // A page's chunk arriving after the session answer (a slow network) must not matter: every
  // chunk but the entry is held back a while.
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await request.continue();
  });
  for (const route of ["/", "/products/vegetables", "/products/grains", "/products?search=rice"]) {
    await page.goto(route, { waitUntil: "commit" });
    const first = page.locator("main img").first();
    await first.waitFor({ state: "attached" });
    await first.evaluate((img) => {
      (window as unknown as { sent: Element }).sent = img;
    });
    await page.waitForLoadState("networkidle");
    // Signed-out session answer, kept cart and page chunk have all arrived by now.
    const kept = await page.evaluate(() => {
      const sent = (window as unknown as { sent: Element }).sent;
      return sent.isConnected && document.querySelector("main img") === sent;
    });
    expect(kept, route).toBe(true);
  }
  expect(complaints).toEqual([]);
});

test("the app takes the server's page over without drawing it again, and it works", async ({
  page,
}) => {
  const complaints = hydrationComplaints(page);
  // A cart kept from an earlier visit, which the server never sees.
  await page.goto("/about");
  await page.evaluate(() => localStorage.clear());

  await page.goto("/products/grains");
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(24);
  // Taken over: a click adds to the cart, and the navbar counts it.
  await cards
    .nth(1)
    .getByRole("button", { name: /^Add .* to cart$/ })
    .click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();

  // The kept cart shows once the next server-drawn page is taken over.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();
  await page.goto("/products?search=rice");
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  await page.getByRole("main").getByRole("listitem").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();

  expect(complaints).toEqual([]);
});

/** Holds the app's entry back (a slow network) until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/index-*.js", async (request) => {
    await held;
    await request.continue();
  });
  return release;
}

test("buttons that wait for a slow app say so after a moment, and look ready once it runs", async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto("/products/grains");
  const add = page
    .getByRole("main")
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first();
  await expect(add).toBeDisabled();
  const opacity = () => add.evaluate((button) => getComputedStyle(button).opacity);
  await expect.poll(opacity, { timeout: 5_000 }).toBe("0.55");
  release();
  await expect(add).toBeEnabled();
  expect(await opacity()).toBe("1");
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
});

test("the cart badge counts a kept cart while the app is on its way, and the app's count follows", async ({
  page,
}) => {
  const complaints = hydrationComplaints(page);
  // The carts are put in place from a page of the store's without its app, which would keep its
  // own cart there once it knows the session.
  await page.goto("/favicon.svg");
  const list = await page.request.get("/api/product/list?inStock=true&limit=2");
  const [a, b] = ((await list.json()) as { products: { _id: string }[] }).products.map(
    (product) => product._id,
  );
  if (!a || !b) throw new Error("the demo catalogue has no two products in stock");
  const keep = (cart: object) =>
    page.evaluate((text) => localStorage.setItem("greencart.cart", text), JSON.stringify(cart));
  const badge = page.locator("[data-known]:visible");
  const shown = () =>
    badge.evaluate((span) => ({
      fontSize: getComputedStyle(span).fontSize,
      after: getComputedStyle(span, "::after").content,
      counter: getComputedStyle(document.documentElement).counterReset,
    }));

  // A visitor's kept cart of three items, on a slow network: the badge counts them at once.
  await keep({ owner: null, items: { [a]: 2, [b]: 1 }, unsaved: false });
  const release = await holdTheApp(page);
  await page.goto("/products/grains");
  await expect.poll(shown).toEqual({
    fontSize: "0px",
    after: "counter(kept-cart)",
    counter: "kept-cart 3",
  });
  // Not "0 items" to a screen reader meanwhile: the count is said once known.
  await expect(page.locator("a[href='/cart']:visible")).toHaveAttribute("aria-label", "Cart");
  release();
  await expect(page.getByRole("link", { name: "Cart, 3 items" }).first()).toBeVisible();
  await expect(badge).toHaveText("3");
  expect((await shown()).fontSize).toBe("12px");

  // A shopper's kept cart whose session has ended: counted until the app knows, then 0.
  await page.unroute("**/assets/index-*.js");
  await page.goto("/favicon.svg");
  await keep({ owner: "someone-signed-out", items: { [a]: 2 }, unsaved: false });
  await page.goto("/products/grains");
  await expect(page.getByRole("link", { name: "Cart, 0 items" }).first()).toBeVisible();
  await expect.poll(async () => (await shown()).fontSize).toBe("12px");
  await expect(badge).toHaveText("0");
  expect(complaints).toEqual([]);
});

test("a page scrolled before its app arrives stays where the shopper put it", async ({ page }) => {
  // The app's entry is held back until the shopper has scrolled (a slow network).
  const release = await holdTheApp(page);
  await page.goto("/products/grains");
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(24);
  await cards.nth(12).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);

  release();
  // Taken over (its buttons work), and still where it was.
  await expect(cards.nth(12).getByRole("button", { name: /^Add .* to cart$/ })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Leaving without scrolling again, then Back, returns to that same place.
  const shown = await cards.count();
  const name = (await cards.nth(12).getByRole("img").first().getAttribute("alt")) ?? "";
  await cards.nth(12).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(cards).toHaveCount(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test("a visitor's pages ask nobody who is signed in and log no errors; a shopper's still do", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const sessionChecks: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/is-auth")) sessionChecks.push(new URL(request.url()).pathname);
  });
  for (const route of ["/", "/products/vegetables", "/cart"]) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
  }
  await page.getByRole("link", { name: /Cart/ }).first().waitFor();
  expect(sessionChecks).toEqual([]);
  expect(errors).toEqual([]);

  // Signed in (a session made through the API, as another tab would): the app asks again.
  const shopper = newShopper();
  const made = await page.request.post("/api/user/register", { data: shopper });
  expect(made.status()).toBe(201);
  await page.goto("/");
  await expect(page.locator('button[aria-controls="profile-menu"]')).toBeVisible();
  expect(sessionChecks).toEqual(["/api/user/is-auth"]);
  expect(errors).toEqual([]);
});

test("once the home page is idle, a category, a product and the cart open without fetching code", async ({
  page,
}) => {
  await page.goto("/");
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    SHOPPING_PAGES_LOADED_MARK,
  );
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page
    .getByRole("main")
    .getByRole("link", { name: /Fresh Fruits/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/fruits$/);
  const card = page.getByRole("main").getByRole("listitem").first();
  await card.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Related Products" })).toBeVisible();
  await page.getByRole("link", { name: /^Cart/ }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  expect(scripts).toEqual([]);
});
