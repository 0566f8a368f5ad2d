import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeTime, timePasses } from "../test/fake-time";
import { holdCalls } from "../test/hold-calls";
import { mockApi, productListAnswer, renderApp } from "../test/render";
import { useCart, useCartActions } from "./shown-cart";
import { useStore } from "./store";
import type { StoredCart } from "./stored-cart";

// The cart's save waits 400 ms for more changes: what these tests say is not sent within 600 ms
// is measured in fake time, passed at once.
beforeEach(() => installFakeTime());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CART_KEY = "greencart.cart";
const product = (id: string) => ({
  _id: id,
  name: `Product ${id}`,
  category: "Vegetables",
  price: 50,
  offerPrice: 45,
  image: [`/media/${id}-large.webp`],
  description: [],
  inStock: true,
  stock: 50,
  weight: "500g",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function CartProbe() {
  const { user, sessionChecked } = useStore();
  const cart = useCart();
  return (
    <p data-testid="cart">
      {sessionChecked ? `${user?.name ?? "visitor"} ${JSON.stringify(cart)}` : "checking"}
    </p>
  );
}

/** An API answer as `fetch` gives it. */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
/** The API's answer to a call without a session. */
const refused = () =>
  json({ success: false, code: "not_authorized", message: "Not Authorized" }, 401);
/** The shopper these tests sign in, with the cart the server holds for her. */
const asha = (cartItems: Record<string, number>) => ({
  _id: "u1",
  name: "Asha",
  email: "a@example.com",
  cartItems,
});
/**
 * Another tab of this browser keeps `cart` (null: no cart), and the browser tells this one, as
 * it does with a storage event.
 */
function anotherTabKeeps(cart: StoredCart | null) {
  if (cart) localStorage.setItem(CART_KEY, JSON.stringify(cart));
  else localStorage.removeItem(CART_KEY);
  window.dispatchEvent(new StorageEvent("storage", { key: CART_KEY }));
}
/** The session check's answer while she is signed in. */
const sessionOf = (cartItems: Record<string, number>) => ({ success: true, user: asha(cartItems) });
/** A check that failed for another reason than a 401 (offline, the server restarting). */
const unavailable = {
  status: 503,
  body: { success: false, code: "unavailable", message: "down" },
};

/** The cart, and a button adding one p2 as a product card does. */
function AddProbe() {
  const { addToCart } = useCartActions();
  return (
    <>
      <CartProbe />
      <button type="button" onClick={() => addToCart(product("p2"))}>
        add p2
      </button>
    </>
  );
}

/** The API as a server holding `saved` for the shopper; every saved cart is recorded. */
function serverWithSavedCart(saved: Record<string, number>, catalogue = ["p1", "p2"]) {
  const saves: unknown[] = [];
  const calls = mockApi((url, init) => {
    if (url === "/api/user/is-auth") return { body: sessionOf(saved) };
    const list = productListAnswer(url, catalogue.map(product));
    if (list) return list;
    if (url === "/api/cart/update") {
      const body = JSON.parse(init?.body as string) as { cartItems: Record<string, number> };
      saves.push(body.cartItems);
      saved = body.cartItems;
      return { body: { success: true, message: "Cart Updated" } };
    }
    return undefined;
  });
  return {
    saves,
    calls,
    saved: () => saved,
    /** Another device saved this cart. */
    setSaved: (cart: Record<string, number>) => (saved = cart),
  };
}

describe("the app's cart store", () => {
  it("merges a visitor's cart into the saved one once, and a reload does not merge it again", async () => {
    localStorage.setItem(CART_KEY, JSON.stringify({ p1: 1 }));
    const server = serverWithSavedCart({ p1: 2, p2: 1 });
    renderApp(<CartProbe />);
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}'),
    );
    await waitFor(() => expect(server.saves).toEqual([{ p1: 3, p2: 1 }]));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({
        owner: "u1",
        items: { p1: 3, p2: 1 },
        unsaved: false,
      }),
    );

    // The page is loaded again: the saved cart is the whole cart.
    cleanup();
    renderApp(<CartProbe />);
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}'),
    );
    await timePasses(600);
    expect(server.saved()).toEqual({ p1: 3, p2: 1 });
    expect(server.saves).toHaveLength(1);
  });

  it("keeps changes a reload interrupted before they were saved", async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ owner: "u1", items: { p1: 4 }, unsaved: true }),
    );
    const server = serverWithSavedCart({ p1: 3 });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":4}'));
    await waitFor(() => expect(server.saves).toEqual([{ p1: 4 }]));
  });

  it("takes the saved cart when this browser's copy was already saved (it was emptied by a payment)", async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ owner: "u1", items: { p1: 2 }, unsaved: false }),
    );
    const server = serverWithSavedCart({});
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("Asha {}"));
    await timePasses(600);
    expect(server.saves).toEqual([]);
  });

  it("keeps what the shopper added while the session check was on its way, and saves it", async () => {
    // A returning shopper: this browser keeps her saved cart.
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ owner: "u1", items: { p1: 2 }, unsaved: false }),
    );
    const server = serverWithSavedCart({ p1: 2 });
    const check = holdCalls("/api/user/is-auth");
    renderApp(<AddProbe />);
    await check.sent();
    act(() => screen.getByRole("button", { name: "add p2" }).click());
    act(() => screen.getByRole("button", { name: "add p2" }).click());
    await check.answer();
    // The saved cart replaced the tab's and both adds were lost, before.
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":2,"p2":2}'),
    );
    await waitFor(() => expect(server.saved()).toEqual({ p1: 2, p2: 2 }));
  });

  it("makes the adds of the wait again on the cart saved from another device, within the stock", async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ owner: "u1", items: { p1: 2 }, unsaved: false }),
    );
    // Since, another device ordered p1 and put the last 50 of p2 in the cart.
    const server = serverWithSavedCart({ p2: 50 });
    const check = holdCalls("/api/user/is-auth");
    function AddBoth() {
      const { addToCart } = useCartActions();
      return (
        <>
          <CartProbe />
          <button type="button" onClick={() => addToCart(product("p1"))}>
            add p1
          </button>
          <button type="button" onClick={() => addToCart(product("p2"))}>
            add p2
          </button>
        </>
      );
    }
    renderApp(<AddBoth />);
    await check.sent();
    act(() => screen.getByRole("button", { name: "add p1" }).click());
    act(() => screen.getByRole("button", { name: "add p2" }).click());
    await check.answer();
    // Not the p1 ordered since, nor a 51st p2 (stock 50).
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p2":50,"p1":1}'),
    );
    await waitFor(() => expect(server.saved()).toEqual({ p2: 50, p1: 1 }));
  });

  it("drops products that no longer exist before saving, instead of failing every save", async () => {
    const server = serverWithSavedCart({ p1: 2, gone: 4 }, ["p1"]);
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":2}'));
    await waitFor(() => expect(server.saves).toEqual([{ p1: 2 }]));
  });

  it("follows a change another tab made, so that its own next change does not save over it", async () => {
    const server = serverWithSavedCart({ p1: 3 });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    // The other tab added p2 and saved it.
    const other = { owner: "u1", items: { p1: 3, p2: 1 }, unsaved: false };
    anotherTabKeeps(other);
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}'),
    );
    await timePasses(600);
    expect(server.saves).toEqual([]); // the other tab saved it; this one sends nothing again

    // Another account's cart (a login in the other tab) is not followed.
    anotherTabKeeps({ ...other, owner: "u2", items: { p2: 9 } });
    await timePasses(100);
    expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}');
  });

  it("saves its own change even when another tab that followed it echoes it back first", async () => {
    // The new product's details arrive late: until then the cart is not saved (it is checked first).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const saves: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/user/is-auth") return json(sessionOf({ p1: 3 }));
        const list = productListAnswer(url, [product("p1"), product("p2")]);
        if (list) {
          if (url.includes("p2")) await gate;
          return json(list.body);
        }
        if (url === "/api/cart/update") {
          saves.push((JSON.parse(init?.body as string) as { cartItems: unknown }).cartItems);
          return json({ success: true, message: "Cart Updated" });
        }
        return refused();
      }),
    );
    renderApp(<AddProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    act(() => screen.getByRole("button", { name: "add p2" }).click());
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toMatchObject({
        items: { p1: 3, p2: 1 },
        unsaved: true,
      }),
    );
    // Another tab followed and wrote it back as saved (as this app did before it stopped doing so).
    act(() => {
      anotherTabKeeps({ owner: "u1", items: { p1: 3, p2: 1 }, unsaved: false });
    });
    release();
    await waitFor(() => expect(saves).toEqual([{ p1: 3, p2: 1 }]));
  });

  it("leaves another tab's unsaved change marked unsaved, for that tab (or the next load) to save", async () => {
    serverWithSavedCart({ p1: 3 });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    act(() => {
      anotherTabKeeps({ owner: "u1", items: { p1: 4 }, unsaved: true });
    });
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":4}'));
    await timePasses(100);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toMatchObject({ unsaved: true });
  });

  /** A server whose shopper can sign in or out meanwhile (as another tab, or time, does). */
  function serverWithSession(saved: Record<string, number>) {
    const state = { signedIn: false, saves: [] as unknown[] };
    const calls = mockApi((url, init) => {
      const list = productListAnswer(url, [product("p1"), product("p2")]);
      if (list) return list;
      if (!state.signedIn) return undefined; // 401
      if (url === "/api/user/is-auth") return { body: sessionOf(saved) };
      if (url === "/api/cart/update") {
        saved = (JSON.parse(init?.body as string) as { cartItems: Record<string, number> })
          .cartItems;
        state.saves.push(saved);
        return { body: { success: true, message: "Cart Updated" } };
      }
      return undefined;
    });
    return { state, calls };
  }

  it("follows a sign-in in another tab, without merging the visitor's cart a second time", async () => {
    localStorage.setItem(CART_KEY, JSON.stringify({ p1: 1 }));
    const server = serverWithSession({ p1: 3, p2: 1 });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('visitor {"p1":1}'));
    // The other tab signed in, merged this browser's visitor cart ({p1: 1}) into the saved one
    // and saved the result.
    server.state.signedIn = true;
    act(() => {
      anotherTabKeeps({ owner: "u1", items: { p1: 3, p2: 1 }, unsaved: false });
    });
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}'),
    );
    await timePasses(600);
    expect(server.state.saves).toEqual([]);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toMatchObject({ owner: "u1" });
  });

  it("follows a sign-out in another tab", async () => {
    const server = serverWithSession({ p1: 3 });
    server.state.signedIn = true;
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    server.state.signedIn = false;
    act(() => {
      anotherTabKeeps(null);
    });
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("visitor {}"));
  });

  it("says a session ended when the server refuses a call, and keeps the unsaved cart for the next sign-in", async () => {
    const server = serverWithSession({ p1: 3 });
    server.state.signedIn = true;
    renderApp(<AddProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    server.state.signedIn = false; // the session expired
    act(() => screen.getByRole("button", { name: "add p2" }).click());
    expect(
      await screen.findByText("Your session has ended. Please log in again."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("visitor {}"));
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({
      owner: "u1",
      items: { p1: 3, p2: 1 },
      unsaved: true,
    });

    // Signed in again (here by a reload): the change the server refused is there, and saved.
    server.state.signedIn = true;
    cleanup();
    renderApp(<CartProbe />);
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}'),
    );
    await waitFor(() => expect(server.state.saves).toEqual([{ p1: 3, p2: 1 }]));
  });

  const comeBack = () =>
    act(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });

  it("takes the cart saved on another device when the shopper comes back to the tab", async () => {
    const server = serverWithSavedCart({ p1: 3 });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    server.setSaved({ p2: 2, p1: 3 }); // the phone added p2
    comeBack();
    await waitFor(() =>
      expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p2":2,"p1":3}'),
    );
    await timePasses(600);
    expect(server.saves).toEqual([]); // nothing to send back: the server has it
  });

  it("does not take back a cart older than the change this tab is saving", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let saved: Record<string, number> = { p1: 3 };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/user/is-auth") return json(sessionOf(saved));
        const list = productListAnswer(url, [product("p1"), product("p2")]);
        if (list) return json(list.body);
        if (url === "/api/cart/update") {
          await gate; // the save is slow: the check below is answered first
          saved = (JSON.parse(init?.body as string) as { cartItems: typeof saved }).cartItems;
          return json({ success: true, message: "Cart Updated" });
        }
        return refused();
      }),
    );
    renderApp(<AddProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    act(() => screen.getByRole("button", { name: "add p2" }).click());
    await timePasses(600);
    // The save is on its way.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/cart/update", expect.anything()));
    saved = { p1: 5 }; // the phone's change, which this tab's save is about to replace
    comeBack();
    await timePasses(100);
    expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}');
    release();
    await waitFor(() => expect(saved).toEqual({ p1: 3, p2: 1 }));
    comeBack();
    await timePasses(100);
    expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3,"p2":1}');
  });

  it("keeps the shopper signed in when a check fails for another reason than a 401 (offline)", async () => {
    let down = false;
    mockApi((url) => {
      if (down && url.endsWith("/is-auth")) return unavailable;
      if (url === "/api/user/is-auth") return { body: sessionOf({ p1: 3 }) };
      return productListAnswer(url, [product("p1")]);
    });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    down = true; // the laptop woke before its Wi-Fi, or the server is restarting
    comeBack();
    await timePasses(200);
    expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}');
  });

  it("learning that the session ended, takes the visitor's cart another tab keeps rather than emptying it", async () => {
    const server = serverWithSession({ p1: 3 });
    server.state.signedIn = true;
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'));
    // The session expired; the other tab learnt it first, and its visitor added p2.
    server.state.signedIn = false;
    act(() => {
      anotherTabKeeps({ owner: null, items: { p2: 1 }, unsaved: false });
    });
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('visitor {"p2":1}'));
    await timePasses(100);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toMatchObject({ items: { p2: 1 } });
  });

  it("a check sent before this tab's logout does not sign it back in", async () => {
    let signedIn = true;
    const gate: { slow?: Promise<void> } = {};
    let release = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/user/is-auth") {
          const answer = signedIn;
          if (gate.slow) await gate.slow;
          return answer ? json(sessionOf({ p1: 3 })) : refused();
        }
        if (url === "/api/user/logout") {
          signedIn = false;
          return json({ success: true, message: "Logged Out" });
        }
        const list = productListAnswer(url, [product("p1")]);
        if (list) return json(list.body);
        return refused();
      }),
    );
    function LogoutProbe() {
      const { logout } = useStore();
      return (
        <>
          <CartProbe />
          <button type="button" onClick={() => void logout()}>
            logout
          </button>
        </>
      );
    }
    renderApp(<LogoutProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("Asha"));
    const sessionChecks = () =>
      vi.mocked(fetch).mock.calls.filter(([url]) => url === "/api/user/is-auth").length;
    const checksBefore = sessionChecks();
    gate.slow = new Promise<void>((resolve) => (release = resolve));
    comeBack(); // a check goes out, and is slow
    await waitFor(() => expect(sessionChecks()).toBe(checksBefore + 1));
    act(() => screen.getByRole("button", { name: "logout" }).click());
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("visitor"));
    expect(await screen.findByText("Logged Out")).toBeInTheDocument(); // the server's answer
    release(); // its answer, from before the logout, arrives
    await timePasses(200);
    expect(screen.getByTestId("cart")).toHaveTextContent("visitor {}");
  });

  it("after a session expired between visits, shows a visitor an empty cart and the shopper's own on sign-in, not doubled", async () => {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ owner: "u1", items: { p1: 2 }, unsaved: false }),
    );
    const server = serverWithSession({ p1: 2 }); // signed out: the session expired
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("visitor {}"));
    await timePasses(100);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toMatchObject({ owner: "u1" });

    server.state.signedIn = true; // signed in again (here the next load finds the session)
    cleanup();
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":2}'));
    await timePasses(600);
    expect(server.state.saves).toEqual([]);
  });

  it("keeps a cart followed from another tab as the shopper's once they sign in here, so a reload does not merge it again", async () => {
    const state = { signedIn: false };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const list = productListAnswer(url, [product("p1"), product("p2")]);
        if (list) return json(list.body);
        if (url === "/api/user/is-auth" && state.signedIn) return json(sessionOf({}));
        if (url === "/api/cart/update") return new Promise<Response>(() => {}); // never answered
        return refused();
      }),
    );
    function SignInProbe() {
      const { signedIn } = useStore();
      return (
        <>
          <CartProbe />
          <button type="button" onClick={() => signedIn(asha({}))}>
            sign in
          </button>
        </>
      );
    }
    renderApp(<SignInProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent("visitor {}"));
    // The visitor added p2 in another tab; this one follows.
    act(() => {
      anotherTabKeeps({ owner: null, items: { p2: 1 }, unsaved: false });
    });
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('visitor {"p2":1}'));
    state.signedIn = true;
    act(() => screen.getByRole("button", { name: "sign in" }).click());
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p2":1}'));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({
        owner: "u1",
        items: { p2: 1 },
        unsaved: true,
      }),
    );
    // Reloaded before the save was answered: the cart is the shopper's, not merged again.
    cleanup();
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p2":1}'));
  });

  it("asks again when the first session check fails other than with a 401 (the server restarting)", async () => {
    let failures = 1;
    mockApi((url) => {
      if (url === "/api/user/is-auth") {
        if (failures-- > 0) return unavailable;
        return { body: sessionOf({ p1: 3 }) };
      }
      return productListAnswer(url, [product("p1")]);
    });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('Asha {"p1":3}'), {
      timeout: 4000,
    });
  });

  it("keeps a visitor's cart in local storage", async () => {
    localStorage.setItem(CART_KEY, JSON.stringify({ p2: 5 }));
    mockApi((url) => productListAnswer(url, [product("p2")]));
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId("cart")).toHaveTextContent('visitor {"p2":5}'));
    // Written by an effect once the session is known.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({
        owner: null,
        items: { p2: 5 },
        unsaved: false,
      }),
    );
  });
});
