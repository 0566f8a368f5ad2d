import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProduct, shopper } from "../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../test/render";
import { useCartActions, useCartCount } from "./shown-cart";
import { useStore } from "./store";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const catalogue = [makeProduct("p1", { name: "Rice" }), makeProduct("p2", { name: "Dal" })];

/**
 * Every value the store's contexts took, in order: a component reading a context draws again
 * when its value changes, and React looks through the whole page for such readers first (on a
 * grid of thousands of product cards, 12 ms an Add). A cart change must change none of them.
 */
const seen = { store: [] as unknown[], cart: [] as unknown[] };

/** Reads the store only, as the layout, the login modal and the account pages do. */
function StoreReader() {
  const store = useStore();
  seen.store.push(store);
  return <p data-testid="who">{store.sessionChecked ? (store.user?.name ?? "visitor") : "…"}</p>;
}

/** Changes the cart, as a product card and the cart page do. */
function CartButtons() {
  const actions = useCartActions();
  seen.cart.push(actions);
  return (
    <>
      <button type="button" onClick={() => actions.addToCart(catalogue[0]!)}>
        add p1
      </button>
      <button type="button" onClick={() => actions.updateCart("p2", 3)}>
        three p2
      </button>
      <button type="button" onClick={() => actions.removeFromCart("p1")}>
        remove p1
      </button>
    </>
  );
}

/** The header's badge. */
function Count() {
  return <p data-testid="count">{useCartCount()}</p>;
}

function renderStore() {
  seen.store = [];
  seen.cart = [];
  renderApp(
    <>
      <StoreReader />
      <CartButtons />
      <Count />
    </>,
  );
}

describe("the store's contexts through cart changes", () => {
  it("keep their values when a visitor adds, changes and removes lines: only the cart's readers draw again", async () => {
    const calls = mockApi((url) => productListAnswer(url, catalogue));
    renderStore();
    await waitFor(() => expect(screen.getByTestId("who")).toHaveTextContent("visitor"));
    const { store, cart } = { store: seen.store.length, cart: seen.cart.length };
    const ui = userEvent.setup();

    await ui.click(screen.getByRole("button", { name: "add p1" }));
    await waitFor(() => expect(screen.getByTestId("count")).toHaveTextContent("1"));
    await ui.click(screen.getByRole("button", { name: "three p2" }));
    await waitFor(() => expect(screen.getByTestId("count")).toHaveTextContent("4"));
    await ui.click(screen.getByRole("button", { name: "remove p1" }));
    await waitFor(() => expect(screen.getByTestId("count")).toHaveTextContent("3"));
    // The cart's products checked with the server, and the cart kept: every effect has run.
    await waitFor(() => expect(calls.some((c) => c.url.includes("ids=p1%2Cp2"))).toBe(true));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("greencart.cart") ?? "{}")).toMatchObject({
        items: { p2: 3 },
      }),
    );

    expect(seen.store).toHaveLength(store);
    expect(seen.cart).toHaveLength(cart);
  });

  it("keep their values while a shopper's cart is saved", async () => {
    const saves: unknown[] = [];
    mockApi((url, init) => {
      if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
      if (url === "/api/cart/update") {
        saves.push(JSON.parse(init?.body as string));
        return { body: { success: true, message: "Cart Updated" } };
      }
      return productListAnswer(url, catalogue);
    });
    renderStore();
    await waitFor(() => expect(screen.getByTestId("who")).toHaveTextContent("Asha"));
    const first = seen.store.at(-1);
    const { store, cart } = { store: seen.store.length, cart: seen.cart.length };

    await userEvent.click(screen.getByRole("button", { name: "add p1" }));
    await waitFor(() => expect(saves).toEqual([{ cartItems: { p1: 1 } }]));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("greencart.cart") ?? "{}")).toMatchObject({
        unsaved: false,
      }),
    );

    expect(screen.getByTestId("count")).toHaveTextContent("1");
    expect(seen.store).toHaveLength(store);
    expect(seen.store.at(-1)).toBe(first);
    expect(seen.cart).toHaveLength(cart);
  });
});
