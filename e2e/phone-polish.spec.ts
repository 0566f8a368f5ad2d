import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import path from "node:path";
import { e2eSeller } from "./global-setup";
import { addAddress, animationsSettled, newShopper, register, storeFontDrawn } from "./helpers";

// Issue "A store people would choose: phone-first polish": nothing scrolls sideways on a 360 px
// phone, storefront tap targets are at least 44×44 px, the keyboard reaches everything, axe finds
// nothing serious on the routes e2e/accessibility.spec.ts does not visit, and full-page
// screenshots of every route (test-results/e2e/screens/<width>-<name>.png; the first screens of
// three go to docs/screenshots/ for the README).

/**
 * Storefront tap targets allowed under 44×44 px, each for a reason WCAG 2.5.8 (Target Size)
 * accepts too. An element is exempt when it matches, or sits inside, the selector.
 */
const TAP_TARGET_EXCEPTIONS: { selector: string; why: string }[] = [
  {
    // WCAG's "inline" exception: the target is part of a sentence and sized by its line of text
    // ("No orders yet. Start shopping", the login dialog's "Create an account? click here").
    selector: "p a, p button",
    why: "a link or button inside a sentence",
  },
  {
    // "Home / Products / Vegetables / Tomato": text links on one line of text.
    selector: 'nav[aria-label="Breadcrumb"] a',
    why: "breadcrumb links",
  },
  {
    // Visually hidden (clipped away) until focused; focused, it is a 48 px tall box.
    selector: 'a[href="#main"]',
    why: "the skip link",
  },
];

const root = path.resolve(import.meta.dirname, "..");
const screensDir = path.join(root, "test-results/e2e/screens");
const docsDir = path.join(root, "docs/screenshots");

interface Route {
  name: string;
  path: string;
  /** Something that is on the page once it has rendered its content. */
  ready: (page: Page) => Locator;
}

/** Every storefront route, for a shopper with an order, a saved address and a full cart. */
function storefrontRoutes(productPath: string, orderPath: string): Route[] {
  const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name });
  return [
    { name: "home", path: "/", ready: heading("Why We Are the Best?") },
    { name: "products", path: "/products", ready: heading("All products") },
    {
      name: "search",
      path: "/products?search=rice",
      ready: (page) => page.getByRole("list").getByRole("link", { name: /rice/i }).first(),
    },
    { name: "category", path: "/products/vegetables", ready: heading("Organic veggies") },
    {
      name: "product",
      path: productPath,
      ready: (page) => page.getByRole("button", { name: "Add to Cart" }),
    },
    { name: "cart", path: "/cart", ready: (page) => page.getByText(/12 MG Road/) },
    {
      name: "add-address",
      path: "/add-address",
      ready: (page) => page.getByRole("button", { name: "Save address" }),
    },
    { name: "my-orders", path: "/my-orders", ready: (page) => page.getByRole("article").first() },
    { name: "order", path: orderPath, ready: heading(/^Order /) },
    { name: "about", path: "/about", ready: heading("About GreenCart") },
    { name: "contact", path: "/contact", ready: heading("Contact us") },
    { name: "loader", path: "/loader", ready: heading("Nothing to wait for here") },
    { name: "not-found", path: "/no-such-page", ready: heading("Page not found") },
  ];
}

/** Every seller route, for the logged-in seller. */
function sellerRoutes(productPath: string): Route[] {
  const heading = (name: string) => (page: Page) => page.getByRole("heading", { name });
  return [
    { name: "seller-add-product", path: "/seller", ready: heading("Add Product") },
    {
      name: "seller-dashboard",
      path: "/seller/dashboard",
      ready: (page) => page.getByRole("heading", { name: "Dashboard" }),
    },
    {
      name: "seller-product-list",
      path: "/seller/product-list",
      // A table on wide screens, cards on phones: both have an Edit link per product.
      ready: (page) => page.getByRole("link", { name: /^Edit / }).first(),
    },
    { name: "seller-product", path: productPath, ready: heading("Edit Product") },
    { name: "seller-orders", path: "/seller/orders", ready: heading("Orders List") },
    { name: "seller-pick-list", path: "/seller/pick-list", ready: heading("Pick list") },
  ];
}

/** Opens a route and waits for its content: no skeleton left, every picture loaded. */
async function visit(page: Page, route: Route) {
  await page.goto(route.path);
  await expect(route.ready(page)).toBeVisible();
  await settle(page);
}

async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Load the lazy pictures too, so full-page screenshots show them (their boxes are sized, so
  // the layout does not change).
  await page.evaluate(() =>
    document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => {
      img.loading = "eager";
    }),
  );
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/**
 * A full-page screenshot as test-results/e2e/screens/<width>-<name>.png, toasts gone. With
 * `docsName` and `UPDATE_README_SCREENSHOTS=1`, the first screen also goes to docs/screenshots/
 * for the README (a first screen, as a phone shows it: a full page is several screens tall, with
 * the cart's bottom bar in its middle). Without it, `npm test` leaves the repository untouched.
 */
async function shoot(page: Page, name: string, docsName?: string) {
  await expect(page.locator(".toast-in"))
    .toHaveCount(0, { timeout: 8_000 })
    .catch(() => undefined);
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(screensDir, `${width}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  if (docsName && process.env.UPDATE_README_SCREENSHOTS === "1")
    await page.screenshot({ path: path.join(docsDir, docsName), animations: "disabled" });
}

/** Adds the first `count` products of the page that are not in the cart yet. */
async function addProducts(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    const add = page.getByRole("button", { name: /^Add .* to cart$/ }).first();
    const name = (await add.getAttribute("aria-label"))!.replace(/^Add (.*) to cart$/, "$1");
    await add.click();
    await expect(page.getByRole("button", { name: `Add one more ${name}` })).toBeVisible();
  }
}

/** Opens the login dialog from the navbar, or from the phone menu on a phone. */
async function openLogin(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) {
    await menu.click();
    await page.locator("#mobile-menu").getByRole("button", { name: "Login" }).click();
  } else await page.getByRole("button", { name: "Login" }).click();
}

/**
 * A new shopper who has placed a cash-on-delivery order, saved an address and has three products
 * in the cart again. Returns a product page and the order's page.
 */
async function shopperWithOrderAndCart(page: Page) {
  await page.goto("/products/vegetables");
  await addProducts(page, 1);
  await openLogin(page);
  await register(page, newShopper());
  await addAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const orderPath = await page
    .getByRole("article")
    .first()
    .getByRole("link", { name: /^Order:/ })
    .getAttribute("href");
  await page.goto("/products/vegetables");
  const productPath = await page
    .getByRole("link", { name: /Tomato/ })
    .first()
    .getAttribute("href");
  await addProducts(page, 3);
  return { productPath: productPath!, orderPath: orderPath! };
}

/** From the cart, an Online Payment order: ends on the demo provider's page. */
async function openDemoPayment(page: Page) {
  await page.goto("/cart");
  await expect(page.getByText(/12 MG Road/)).toBeVisible();
  await page.getByLabel("Payment Method").selectOption("Online");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo\//);
  await expect(page.getByText("Demo payment: no real money moves")).toBeVisible();
}

async function sellerLogin(page: Page) {
  await page.goto("/seller");
  await page.getByLabel("Email").fill(e2eSeller.email);
  await page.getByLabel("Password").fill(e2eSeller.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Admin")).toBeVisible();
}

async function sellerProductPath(page: Page) {
  await page.goto("/seller/product-list");
  return (await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .getAttribute("href"))!;
}

/** "" when the page does not scroll sideways, else what sticks out past the screen's right edge. */
async function sidewaysOverflow(page: Page, name: string) {
  const viewport = page.viewportSize()!.width;
  const found = await page.evaluate((viewport) => {
    const limit = Math.min(window.innerWidth, viewport);
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= limit) return null;
    // Inside a box that clips or scrolls it, an element cannot widen the page.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const over = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el),
    );
    // The innermost ones name the cause.
    const innermost = over.filter((el) => !over.some((o) => o !== el && el.contains(o)));
    return {
      scrollWidth,
      innerWidth: window.innerWidth,
      elements: innermost.slice(0, 6).map((el) => {
        const r = el.getBoundingClientRect();
        const cls = el.getAttribute("class") ?? "";
        const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        return `<${el.tagName.toLowerCase()} class="${cls.slice(0, 80)}"> "${text}" right=${Math.round(r.right)}`;
      }),
    };
  }, viewport);
  if (!found) return "";
  return `${name}: scrollWidth ${found.scrollWidth} > innerWidth ${found.innerWidth}; overflowing: ${found.elements.join("; ")}`;
}

/**
 * "" when the seller area's page column does not scroll sideways inside itself (tables scroll in
 * their own boxes), else what sticks out of it.
 */
async function sellerColumnOverflow(page: Page, name: string) {
  const found = await page.evaluate(() => {
    const column = document.querySelector('nav[aria-label="Seller"] ~ main');
    if (!column) return "no page column beside the seller's sidebar";
    if (column.scrollWidth <= column.clientWidth) return null;
    const limit = column.getBoundingClientRect().right;
    const over = [...column.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > limit + 0.5,
    );
    const outermost = over.filter((el) => !over.some((o) => o !== el && o.contains(el)));
    return `${column.scrollWidth} > ${column.clientWidth}; ${outermost
      .slice(0, 4)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`)
      .join("; ")}`;
  });
  return found ? `${name}: the page column scrolls sideways: ${found}` : "";
}

/** Every visible interactive element smaller than 44×44 px that is not an exception. */
async function smallTapTargets(page: Page, name: string) {
  const small = await page.evaluate(
    (exceptions) => {
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], summary';
      return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden")
          return [];
        if (exceptions.some((e) => el.closest(e))) return [];
        if (r.width >= 43.99 && r.height >= 43.99) return [];
        const label =
          el.getAttribute("aria-label") ??
          ((el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40) ||
            el.getAttribute("placeholder") ||
            el.getAttribute("name") ||
            "");
        return [
          `<${el.tagName.toLowerCase()}> "${label}" ${Math.round(r.width * 10) / 10}×${Math.round(r.height * 10) / 10}`,
        ];
      });
    },
    TAP_TARGET_EXCEPTIONS.map((e) => e.selector),
  );
  return small.map((s) => `${name}: ${s}`);
}

async function seriousViolations(page: Page, label: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** What has keyboard focus: its accessible label (or text) and what it controls. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { label: "body", controls: "" };
    return {
      label: el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().replace(/\s+/g, " "),
      controls: el.getAttribute("aria-controls") ?? "",
    };
  });
}

/** Presses `key` until the focused element passes `wanted` (at most `max` times). */
async function pressUntil(
  page: Page,
  key: "Tab" | "Shift+Tab",
  wanted: (f: { label: string; controls: string }) => boolean,
  max = 80,
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (wanted(now)) return now;
  }
  throw new Error(`${key} never reached the element (last: ${(await focused(page)).label})`);
}

test.describe("a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("no route scrolls sideways at 360 px", async ({ page }) => {
    test.setTimeout(240_000);
    const { productPath, orderPath } = await shopperWithOrderAndCart(page);
    const problems: string[] = [];
    for (const route of storefrontRoutes(productPath, orderPath)) {
      await visit(page, route);
      await shoot(page, route.name);
      problems.push(await sidewaysOverflow(page, route.name));
    }
    await openDemoPayment(page);
    await shoot(page, "demo-payment");
    problems.push(await sidewaysOverflow(page, "demo-payment"));

    await sellerLogin(page);
    for (const route of sellerRoutes(await sellerProductPath(page))) {
      await visit(page, route);
      await shoot(page, route.name);
      problems.push(await sidewaysOverflow(page, route.name));
      problems.push(await sellerColumnOverflow(page, route.name));
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  test("product cards show whole names (two lines where one is too short), rows aligned", async ({
    page,
  }) => {
    await page.goto("/products/instant");
    const names = page.locator("main ul > li p.font-medium");
    await expect(names.first()).toBeVisible();
    // Measured in the store's own letters, whatever fonts this machine has: the names and prices
    // are drawn in its regular and medium weights.
    expect(await storeFontDrawn(page)).toEqual(expect.arrayContaining(["400", "500"]));
    // No name runs out of its card sideways (a long word breaks), and a name of two lines is
    // shown whole (three or more would be cut at the end of the second).
    const sideways = await names.evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent),
    );
    expect(sideways).toEqual([]);
    // A name too long for one line (as "Yippee Magic Masala Noodles" is at this width) takes two
    // and is shown whole.
    const wrapped = await names.evaluateAll((els) =>
      els
        .map((e) => {
          const oneLine = e.cloneNode(true) as HTMLElement;
          oneLine.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
          e.parentElement!.append(oneLine);
          const width = oneLine.getBoundingClientRect().width;
          oneLine.remove();
          return { e, width };
        })
        .filter(({ e, width }) => width > e.clientWidth && width < e.clientWidth * 1.8)
        .map(({ e }) => ({
          name: e.textContent,
          lines: Math.round(e.clientHeight / 24),
          whole: e.scrollHeight <= e.clientHeight,
        })),
    );
    expect(wrapped.length).toBeGreaterThan(0);
    for (const name of wrapped) expect(name).toEqual({ name: name.name, lines: 2, whole: true });
    const rowHeights = await page
      .locator("main ul > li")
      .evaluateAll((els) =>
        els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().height)),
      );
    expect(rowHeights[0]).toBe(rowHeights[1]);
  });
});

test.describe("a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("storefront tap targets are at least 44×44 px at 390 px", async ({ page }) => {
    test.setTimeout(180_000);
    const { productPath, orderPath } = await shopperWithOrderAndCart(page);
    const docs: Record<string, string> = { home: "home-390.png", cart: "cart-390.png" };
    const problems: string[] = [];
    for (const route of storefrontRoutes(productPath, orderPath)) {
      await visit(page, route);
      await shoot(page, route.name, docs[route.name]);
      // Home, a category, a product, the cart with items and an address, My Orders: and the
      // other storefront pages too.
      problems.push(...(await smallTapTargets(page, route.name)));
      if (route.name === "home") {
        // And the phone menu, open.
        await page.getByRole("button", { name: "Menu" }).click();
        await expect(page.locator("#mobile-menu")).toBeVisible();
        problems.push(...(await smallTapTargets(page, "home, menu open")));
        await shoot(page, "home-menu");
        await page.keyboard.press("Escape");
        await expect(page.locator("#mobile-menu")).toBeHidden();
      }
      expect(await sidewaysOverflow(page, route.name)).toBe("");
    }
    await openDemoPayment(page);
    await shoot(page, "demo-payment");
    expect(problems).toEqual([]);
  });
});

test("a keyboard-only shopper can browse, add, log in and reach the cart", async ({ page }) => {
  const shopper = newShopper();
  await page.goto("/");
  await expect(page.getByRole("button", { name: /^Add .* to cart$/ }).first()).toBeVisible();

  // The first Tab reaches the skip link; Enter moves focus to the page's content.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  // On to a product card's Add button: Enter adds it and focus moves to the stepper's "+".
  const add = await pressUntil(page, "Tab", (f) => /^Add .* to cart$/.test(f.label));
  const product = add.label.replace(/^Add (.*) to cart$/, "$1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Add one more ${product}` })).toBeFocused();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  // The login dialog: focus goes inside, Escape closes it and focus returns to Login.
  await pressUntil(page, "Shift+Tab", (f) => f.label === "Login");
  await page.keyboard.press("Enter");
  const login = page.getByRole("dialog", { name: /user login/i });
  await expect(login).toBeVisible();
  await expect(login.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(login).toBeHidden();
  await expect(page.getByRole("button", { name: "Login" })).toBeFocused();

  // Register through the dialog, keyboard only.
  await page.keyboard.press("Enter");
  await expect(login.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(login.getByLabel("Password")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(login.getByRole("button", { name: "click here" })).toBeFocused();
  await page.keyboard.press("Enter");
  const signUp = page.getByRole("dialog", { name: /user sign up/i });
  await expect(signUp.getByLabel("Name")).toBeFocused();
  await page.keyboard.type(shopper.name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(shopper.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(shopper.password);
  const entries = await page.evaluate(() => history.length);
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Welcome back, ${shopper.name}!`)).toBeVisible();
  await expect(signUp).toBeHidden();
  // The spec's move to the home page 800 ms after logging in, done before going on.
  await page.waitForFunction((before) => history.length > before, entries);

  // The profile menu: Enter opens it, Escape closes it with focus back on its button.
  await pressUntil(page, "Tab", (f) => f.controls === "profile-menu");
  const profile = page.locator('button[aria-controls="profile-menu"]');
  await page.keyboard.press("Enter");
  await expect(
    page.locator("#profile-menu").getByRole("link", { name: "My Orders" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator("#profile-menu")).toBeHidden();
  await expect(profile).toBeFocused();

  // And the cart, with what was added.
  await pressUntil(page, "Shift+Tab", (f) => f.label === "Cart, 1 item");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: /Shopping Cart/ })).toBeVisible();
  await expect(page.getByText(product).first()).toBeVisible();
});

test.describe("a 1366 px laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("axe finds nothing serious or critical on every route, the demo payment page included", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { productPath, orderPath } = await shopperWithOrderAndCart(page);
    const problems: string[] = [];
    // e2e/accessibility.spec.ts covers home, category, product, cart, add-address and my-orders;
    // the others are checked here. The main ones are screenshotted at 1366 px.
    const checked = new Set(["order", "loader", "not-found", "products", "about", "contact"]);
    const shot = new Set(["home", "products", "category", "product", "cart", "my-orders", "order"]);
    for (const route of storefrontRoutes(productPath, orderPath)) {
      if (!checked.has(route.name) && !shot.has(route.name)) continue;
      await visit(page, route);
      // The profile button is a chunk of its own, fetched once the shopper is known.
      await expect(page.locator('button[aria-controls="profile-menu"]')).toBeVisible();
      if (shot.has(route.name)) await shoot(page, route.name);
      if (checked.has(route.name)) problems.push(...(await seriousViolations(page, route.name)));
    }
    await openDemoPayment(page);
    await shoot(page, "demo-payment");
    problems.push(...(await seriousViolations(page, "demo-payment")));

    await sellerLogin(page);
    for (const route of sellerRoutes(await sellerProductPath(page))) {
      await visit(page, route);
      if (route.name === "seller-orders")
        await expect(page.getByRole("article").first()).toBeVisible();
      await shoot(page, route.name, route.name === "seller-orders" ? "seller-orders-1366.png" : "");
      if (route.name === "seller-dashboard" || route.name === "seller-pick-list")
        problems.push(...(await seriousViolations(page, route.name)));
    }
    expect(problems).toEqual([]);
  });
});

test("the home page's bottom banner keeps its list inside the banner and clear of the drawing", async ({
  page,
}) => {
  // web/art/bottom-banner.svg (1440 × 520) draws the rider, the scooter and its shadow left of
  // x = 380; the picture covers the banner from its bottom-left corner.
  const ART = { width: 1440, height: 520, drawnUpTo: 380 };
  for (const width of [768, 820, 1024, 1280, 1536]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const banner = page.locator("section", { has: page.locator("#why-title") });
    await banner.scrollIntoViewIfNeeded();
    const box = (await banner.boundingBox())!;
    const scale = Math.max(box.width / ART.width, box.height / ART.height);
    const drawingEnds = box.x + ART.drawnUpTo * scale;
    const texts = [banner.locator("#why-title"), ...(await banner.locator("li").all())];
    expect(texts.length).toBe(5);
    for (const text of texts) {
      const at = (await text.boundingBox())!;
      const where = `${await text.innerText()} at ${width} px`;
      expect(at.x, where).toBeGreaterThanOrEqual(drawingEnds);
      expect(at.x + at.width, where).toBeLessThanOrEqual(box.x + box.width);
      expect(at.y + at.height, where).toBeLessThanOrEqual(box.y + box.height);
    }
  }
});
