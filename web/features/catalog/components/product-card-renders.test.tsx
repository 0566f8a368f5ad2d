import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../contract/product";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import type * as images from "../../../ui/images";
import { thumbnail } from "../../../ui/images";
import { ProductsPage } from "../pages/products-page";

// Every render of a card asks once for its picture's thumbnail: counting those calls, by picture,
// counts each card's renders (without a counter in the card itself).
vi.mock("../../../ui/images", async (importOriginal) => {
  const actual = await importOriginal<typeof images>();
  return { ...actual, thumbnail: vi.fn(actual.thumbnail) };
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const catalogue: Product[] = Array.from({ length: 72 }, (_, i) =>
  makeProduct(`p${i + 1}`, { name: `Rice ${i + 1}`, stock: 10, description: [] }),
);

/** The cards drawn since the last call, by product id, with how many times each was drawn. */
function cardsDrawn(): Record<string, number> {
  const drawn: Record<string, number> = {};
  for (const [url] of vi.mocked(thumbnail).mock.calls) {
    const id = /\/media\/(\w+)-large\.webp$/.exec(url ?? "")?.[1] ?? String(url);
    drawn[id] = (drawn[id] ?? 0) + 1;
  }
  vi.mocked(thumbnail).mockClear();
  return drawn;
}

async function showAll(ui: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText("Rice 24")).toBeInTheDocument();
  await ui.click(screen.getByRole("button", { name: "Load more" }));
  expect(await screen.findByText("Rice 48")).toBeInTheDocument();
  await ui.click(await screen.findByRole("button", { name: "Load more" }));
  expect(await screen.findByText("You have seen all 72 products.")).toBeInTheDocument();
}

describe("product cards on a long list", () => {
  it("a cart change draws again only the card whose quantity changed", async () => {
    const calls = mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<ProductsPage />, { path: "/products" });
    const ui = userEvent.setup();
    await showAll(ui);
    cardsDrawn();

    await ui.click(screen.getByRole("button", { name: "Add Rice 40 to cart" }));
    const more = await screen.findByRole("button", { name: "Add one more Rice 40" });
    // The keyboard stays on the card: on its "+" once the stepper replaces Add.
    await waitFor(() => expect(more).toHaveFocus());
    // The store checks the cart's products with the server, then keeps the cart: let it settle.
    await waitFor(() => expect(calls.some((c) => c.url.includes("ids=p40"))).toBe(true));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("greencart.cart") ?? "{}")).toMatchObject({
        items: { p40: 1 },
      }),
    );
    expect(cardsDrawn()).toEqual({ p40: 1 });

    await ui.click(more);
    expect(await screen.findByText("2")).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Add Rice 3 to cart" }));
    await screen.findByRole("button", { name: "Add one more Rice 3" });
    await waitFor(() => expect(calls.some((c) => c.url.includes("ids=p3%2Cp40"))).toBe(true));
    expect(cardsDrawn()).toEqual({ p40: 1, p3: 1 });

    await ui.click(screen.getByRole("button", { name: "Remove one Rice 3" }));
    // And on its Add button again after the last one is taken out.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Add Rice 3 to cart" })).toHaveFocus(),
    );
    expect(cardsDrawn()).toEqual({ p3: 1 });
  });

  it("a new page of products draws its own cards, not again the ones already shown", async () => {
    mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<ProductsPage />, { path: "/products" });
    const ui = userEvent.setup();
    expect(await screen.findByText("Rice 24")).toBeInTheDocument();
    cardsDrawn();

    await ui.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Rice 48")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Load more" })).toBeEnabled());
    const drawn = cardsDrawn();
    expect(Object.keys(drawn).sort()).toEqual(
      catalogue
        .slice(24, 48)
        .map((p) => p._id)
        .sort(),
    );
    expect(Object.values(drawn).every((n) => n === 1)).toBe(true);
  });
});
