import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLocation } from "react-router";
import { sessionHintCookie } from "../../contract/session-hints";
import { useCartActions } from "../lib/shown-cart";
import type { StoredCart } from "../lib/stored-cart";
import { installFakeTime, timePasses } from "../test/fake-time";
import { holdCalls } from "../test/hold-calls";
import { makeProduct, shopper } from "../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../test/render";
import type * as MobileMenuModule from "./mobile-menu";
import { Navbar } from "./navbar";

// The phone menu's chunk: while `reachable` is false, loading it fails as the browser's fetch of
// a chunk does offline (vitest wraps an error thrown by a mock's factory in its own, so the
// failure comes as the menu is taken from the module).
const menuChunk = vi.hoisted(() => ({ reachable: true, asked: 0 }));
vi.mock("./mobile-menu", async (importOriginal) => {
  const { MobileMenu } = await importOriginal<typeof MobileMenuModule>();
  return {
    get MobileMenu() {
      menuChunk.asked++;
      if (!menuChunk.reachable) throw new TypeError("Failed to fetch dynamically imported module");
      return MobileMenu;
    },
  };
});

afterEach(() => {
  vi.useRealTimers();
  Object.assign(menuChunk, { reachable: true, asked: 0 });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Where() {
  const location = useLocation();
  return (
    <>
      <Navbar />
      <p data-testid="where">{location.pathname + location.search}</p>
    </>
  );
}

describe("navbar search", () => {
  it("sends typing to /products, follows every key, and shows everything again when cleared", async () => {
    mockApi(() => undefined);
    renderApp(<Where />, { path: "/", routes: { "/products": <Where /> } });
    const ui = userEvent.setup();
    const box = screen.getByRole("searchbox", { name: "Search products" });
    await ui.type(box, "tom");
    await waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/products?search=tom"),
    );
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveValue("tom");
    await ui.clear(screen.getByRole("searchbox", { name: "Search products" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/products$/));
  });
});

describe("navbar menus", () => {
  it("says the delivery promise, names the cart's count, and returns focus to the profile button on Escape", async () => {
    mockApi((url) =>
      url === "/api/user/is-auth"
        ? {
            body: {
              success: true,
              user: { _id: "u1", name: "Asha Rao", email: "a@example.com", cartItems: { p1: 1 } },
            },
          }
        : url.startsWith("/api/product/list")
          ? { body: { success: true, products: [] } }
          : undefined,
    );
    renderApp(<Where />, { path: "/" });
    expect(screen.getByText("Delivery in 30 min")).toBeInTheDocument();
    const profile = await screen.findByRole("button", { name: /Asha/ });
    const ui = userEvent.setup();
    await ui.click(profile);
    expect(screen.getByRole("link", { name: "My Orders" })).toBeVisible();
    await ui.keyboard("{Escape}");
    expect(profile).toHaveFocus();
    expect(profile).toHaveAttribute("aria-expanded", "false");
  });
});

describe("navbar login", () => {
  it("keeps Login out of sight and out of use until the session is known", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/user/is-auth") await answered;
        return new Response(JSON.stringify({ success: false, message: "Not Authorized" }), {
          status: 401,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    renderApp(<Where />, { path: "/" });
    // A signed-in shopper on a slow network must not be offered Login meanwhile.
    const login = screen.getByRole("button", { name: "Login", hidden: true });
    expect(login).toBeDisabled();
    expect(login).toHaveClass("disabled:invisible");
    answer(); // a visitor, it turns out
    await waitFor(() => expect(screen.getByRole("button", { name: "Login" })).toBeEnabled());
  });
});

describe("navbar phone menu", () => {
  it("offline, says the menu could not load and leaves the store as it was; online, the next tap opens it", async () => {
    installFakeTime();
    mockApi(() => undefined);
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    menuChunk.reachable = false;
    renderApp(<Where />, { path: "/products", routes: { "/": <Where /> } });
    const ui = userEvent.setup();
    const menu = screen.getByRole("button", { name: "Menu" });
    await ui.click(menu);
    expect(
      await screen.findByText("The menu could not load. Check your connection."),
    ).toBeVisible();
    // The whole store gave way to "Unexpected Application Error!", before.
    expect(menu).toBeInTheDocument();
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("where")).toHaveTextContent("/products");
    // Asked for once a tap, not again and again while offline.
    await timePasses(100);
    expect(menuChunk.asked).toBe(1);

    online.mockReturnValue(true);
    menuChunk.reachable = true;
    await ui.click(menu);
    // React.lazy keeps a failed load: the menu never came, before.
    expect(await screen.findByRole("link", { name: "All Products" })).toBeVisible();
    expect(menu).toHaveAttribute("aria-expanded", "true");
  });
});

describe("navbar cart badge", () => {
  const catalogue = [makeProduct("p1"), makeProduct("p2")];
  /** The navbar, and a button adding one p2 as a product card does. */
  function NavbarAndAdd() {
    const { addToCart } = useCartActions();
    return (
      <>
        <Navbar />
        <button type="button" onClick={() => addToCart(catalogue[1]!)}>
          add p2
        </button>
      </>
    );
  }
  /**
   * The page opened with `kept` in this browser's record, the server holding `saved` for the
   * shopper, and the session check held until `check.answer()`.
   */
  async function openWhileChecking(kept: StoredCart, saved: Record<string, number>, check: string) {
    localStorage.setItem("greencart.cart", JSON.stringify(kept));
    mockApi((url) =>
      url === "/api/user/is-auth"
        ? { body: { success: true, user: { ...shopper, cartItems: saved } } }
        : productListAnswer(url, catalogue),
    );
    const held = holdCalls(check);
    renderApp(<NavbarAndAdd />, { path: "/" });
    await held.sent();
    return held;
  }
  /** The cart link's name (the bar's and the phone bar's are the same). */
  const badge = () => screen.getAllByRole("link", { name: /^Cart/ })[0]!.getAttribute("aria-label");
  const add = () => act(() => screen.getByRole("button", { name: "add p2" }).click());
  const known = () =>
    waitFor(() => expect(screen.getByRole("button", { name: /Login|Asha/ })).toBeEnabled());

  it("counts the cart at once, Adds included, while a slow session check cannot change it", async () => {
    // A visitor's cart, and no shopper's session (a seller's is checked: the slow call).
    document.cookie = `${sessionHintCookie("user")}=; path=/; max-age=0`;
    let check = await openWhileChecking(
      { owner: null, items: { p1: 1 }, unsaved: false },
      {},
      "/api/seller/is-auth",
    );
    // "Cart" until the answer, and no count of the Add, before.
    expect(badge()).toBe("Cart, 1 item");
    add();
    expect(badge()).toBe("Cart, 2 items");
    await check.answer();
    await known();
    expect(badge()).toBe("Cart, 2 items");

    // A shopper's changes the server has not got: signing in keeps them, whatever it holds.
    cleanup();
    document.cookie = `${sessionHintCookie("user")}=1; path=/`;
    check = await openWhileChecking(
      { owner: "u1", items: { p1: 2 }, unsaved: true },
      { p1: 5 },
      "/api/user/is-auth",
    );
    expect(badge()).toBe("Cart, 2 items");
    add();
    expect(badge()).toBe("Cart, 3 items");
    await check.answer();
    await known();
    expect(badge()).toBe("Cart, 3 items");
  });

  it("says no count until the check answers when the saved cart will make the shopper's", async () => {
    // A shopper's record the server had: sign-in takes the saved cart, changed since elsewhere.
    let check = await openWhileChecking(
      { owner: "u1", items: { p1: 2 }, unsaved: false },
      { p1: 5 },
      "/api/user/is-auth",
    );
    expect(badge()).toBe("Cart");
    add();
    expect(badge()).toBe("Cart");
    await check.answer();
    await known();
    expect(badge()).toBe("Cart, 6 items");

    // A visitor's cart with a shopper's session: sign-in merges it into the saved one.
    cleanup();
    check = await openWhileChecking(
      { owner: null, items: { p1: 1 }, unsaved: false },
      { p1: 5 },
      "/api/user/is-auth",
    );
    expect(badge()).toBe("Cart");
    await check.answer();
    await known();
    expect(badge()).toBe("Cart, 6 items");
  });
});
