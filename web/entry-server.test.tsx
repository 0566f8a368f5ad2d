import { act, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerenderToNodeStream } from "react-dom/static";
import { BrowserRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  categoryPage,
  homeBestSellers,
  productPath,
  relatedProducts,
} from "../contract/catalogue-urls";
import type { Product } from "../contract/product";
import { App } from "./app/providers";
import { loadServerDrawnPage } from "./app/router";
import { renderPage } from "./entry-server";
import { resetInitialAnswers } from "./lib/initial-data";
import { createQueryClient } from "./lib/query-client";
import type { StoredCart } from "./lib/stored-cart";
import { holdCalls } from "./test/hold-calls";
import { makeProduct, shopper } from "./test/order-fixture";
import { mockApi, productListAnswer } from "./test/render";

const product = (i: number, name = `Basmati Rice ${i}`): Product =>
  makeProduct(`p${i}`, {
    name,
    price: 40,
    offerPrice: 35,
    description: ["Long grain"],
    stock: 10,
    weight: "1 kg",
  });
const catalogue = Array.from({ length: 30 }, (_, i) => product(i + 1));
const listAnswer = (path: string) => productListAnswer(path, catalogue)!.body;

// jsdom does not scroll; the app's scroll memory asks it to.
beforeEach(() => {
  vi.stubGlobal("scrollTo", () => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  localStorage.clear();
  resetInitialAnswers();
  window.history.replaceState(null, "", "/");
});

/** What only a browser has: the server renders without them (`renderOnTheServer`). */
const BROWSER_GLOBALS = ["window", "document", "navigator", "localStorage", "sessionStorage"];

/**
 * `renderPage` as the server runs it: in this test realm jsdom's browser globals are there, and
 * code that reads them while rendering would pass here and fail on the server, whose page then
 * comes empty (the browser draws it).
 */
async function renderOnTheServer(url: string, answers: Record<string, unknown>) {
  const kept = BROWSER_GLOBALS.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  for (const name of BROWSER_GLOBALS)
    Object.defineProperty(globalThis, name, { value: undefined, configurable: true });
  try {
    return await renderPage(url, answers);
  } finally {
    BROWSER_GLOBALS.forEach((name, i) => Object.defineProperty(globalThis, name, kept[i]!));
  }
}

/**
 * What the server sends for `url` (its first screen rendered, the answers inline) loaded into this
 * document, then taken over by the browser's app; every hydration complaint is collected.
 */
async function serveAndHydrate(
  url: string,
  answers: Record<string, unknown>,
  keptCart: Record<string, number> = {},
  keptAs: Omit<StoredCart, "items"> = { owner: null, unsaved: false },
) {
  const html = await renderOnTheServer(url, answers);
  // The browser's own state, which the server never sees (set after its render: this test realm
  // has one localStorage for both).
  localStorage.setItem("greencart.cart", JSON.stringify({ ...keptAs, items: keptCart }));
  // The server's renderer and the browser's share React's context objects in this one test
  // realm (never in a real server and browser); a second, empty server render leaves them unset.
  await prerenderToNodeStream(<></>);
  window.history.replaceState(null, "", url);
  document.body.innerHTML = `<div id="root">${html}</div><script id="initial-data" type="application/json">${JSON.stringify({ answers })}</script>`;
  const complaints: unknown[] = [];
  // React reports a mismatch through onRecoverableError (and in development on the console). Its
  // development-only note that two renderers share a context is this test realm's own doing.
  const consoleError = vi.spyOn(console, "error").mockImplementation((...args) => {
    if (/hydrat|did not match/i.test(args.map(String).join(" "))) complaints.push(args);
  });
  const root = document.getElementById("root")!;
  let app: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    app = hydrateRoot(
      root,
      <StrictMode>
        <BrowserRouter>
          <App queryClient={createQueryClient(false)} serverDrawn />
        </BrowserRouter>
      </StrictMode>,
      { onRecoverableError: (error) => complaints.push(error) },
    );
    // The lazily loaded pieces arrive (the page, home's lower part, the footer), as they do in a
    // browser: once their chunks are here, act goes on until React has taken them over too.
    await Promise.all([
      loadServerDrawnPage(new URL(url, window.location.origin).pathname),
      import("./features/catalog/components/home-more"),
      import("./ui/footer"),
    ]);
  });
  return {
    html,
    complaints,
    done: () => {
      act(() => app?.unmount());
      consoleError.mockRestore();
    },
  };
}

describe("the server's rendering of a storefront page", () => {
  it("renders a category's first 24 products from the inline answer, with names escaped", async () => {
    const tricky = product(99, "Rice <script>alert(1)</script>");
    const answer = {
      success: true,
      products: [tricky, ...catalogue.slice(0, 23)],
      nextCursor: "24",
    };
    const html = await renderOnTheServer("/products/grains", {
      [categoryPage("grains")]: answer,
    });
    expect(html).toContain("Basmati Rice 23");
    expect(html).not.toContain("Basmati Rice 24");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("Rice &lt;script&gt;alert(1)&lt;/script&gt;");
    // The navbar and the page's heading come with it; nothing waits for the JavaScript.
    expect(html).toContain("Delivery in 30 min");
    expect(html).toMatch(/<h1[^>]*>grains<\/h1>|Grains/i);
  });

  it("renders home's hero and Best Sellers, and a product page with its related products", async () => {
    const home = await renderOnTheServer("/", {
      [homeBestSellers()]: listAnswer(homeBestSellers()),
    });
    expect(home).toContain("Freshness You Can Trust");
    expect(home).toContain("Basmati Rice 5");
    expect(home).not.toContain("Basmati Rice 6");

    const detail = await renderOnTheServer("/products/grains/p3", {
      [productPath("p3")]: { success: true, product: catalogue[2] },
      [relatedProducts("grains")]: listAnswer(relatedProducts("grains")),
    });
    expect(detail).toContain("Basmati Rice 3");
    expect(detail).toContain("Long grain");
    expect(detail).toContain("Basmati Rice 1");
  });

  it("renders skeletons, not a crash, when an answer is missing", async () => {
    const html = await renderOnTheServer("/products/grains", {});
    expect(html).toContain('aria-busy="true"');
  });
});

describe("the browser taking the server's page over", () => {
  it("hydrates a category page without a mismatch, then shows the kept cart and the shopper's quantities", async () => {
    mockApi((url) => productListAnswer(url, catalogue));
    const path = categoryPage("grains");
    const page = await serveAndHydrate("/products/grains", { [path]: listAnswer(path) }, { p2: 3 });
    try {
      expect(page.complaints).toEqual([]);
      expect(screen.getByText("Basmati Rice 24")).toBeInTheDocument();
      // The server's buttons wait for the app; once it has taken the page over they work.
      expect(page.html).toMatch(/<button[^>]*disabled[^>]*>[^<]*Add/);
      await waitFor(() =>
        expect(screen.getByRole("button", { name: "Add Basmati Rice 24 to cart" })).toBeEnabled(),
      );
      // The kept cart (read once the page is taken over) shows in the navbar.
      await waitFor(() =>
        expect(screen.getAllByRole("link", { name: "Cart, 3 items" }).length).toBeGreaterThan(0),
      );
    } finally {
      page.done();
    }
  });

  it("counts a shopper's unsaved changes once the page is taken over, before the session check answers", async () => {
    mockApi((url) =>
      url === "/api/user/is-auth"
        ? { body: { success: true, user: { ...shopper, cartItems: { p1: 4 } } } }
        : productListAnswer(url, catalogue),
    );
    const check = holdCalls("/api/user/is-auth");
    const path = categoryPage("grains");
    // Changes the server has not got: sign-in keeps them over the saved cart, so the count of
    // the kept cart is already the shopper's (said as "Cart" until the answer, before).
    const page = await serveAndHydrate(
      "/products/grains",
      { [path]: listAnswer(path) },
      { p2: 3 },
      { owner: "u1", unsaved: true },
    );
    try {
      expect(page.complaints).toEqual([]);
      await check.sent();
      await waitFor(() =>
        expect(screen.getAllByRole("link", { name: "Cart, 3 items" }).length).toBeGreaterThan(0),
      );
      // The badge's own count now, not the kept one start-after-load.js has styles.css draw.
      expect(document.querySelector("[data-known]")).toHaveAttribute("data-known", "true");
      await check.answer();
      await screen.findByRole("button", { name: /Asha/ });
      expect(screen.getAllByRole("link", { name: "Cart, 3 items" }).length).toBeGreaterThan(0);
      expect(page.complaints).toEqual([]);
    } finally {
      page.done();
    }
  });

  it("hydrates home and a product page without a mismatch", async () => {
    mockApi((url) => productListAnswer(url, catalogue));
    const home = await serveAndHydrate("/", { [homeBestSellers()]: listAnswer(homeBestSellers()) });
    expect(home.complaints).toEqual([]);
    home.done();
    resetInitialAnswers();

    const detail = await serveAndHydrate("/products/grains/p3", {
      [productPath("p3")]: { success: true, product: catalogue[2] },
      [relatedProducts("grains")]: listAnswer(relatedProducts("grains")),
    });
    expect(detail.complaints).toEqual([]);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Basmati Rice 3");
    detail.done();
  });
});
