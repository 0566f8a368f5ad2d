import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { ProductsPage } from "../pages/products-page";
import { blockGridClass, CARDS_PER_BLOCK } from "./paged-products";
import { productGridClass } from "./product-card";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const catalogue = Array.from({ length: 72 }, (_, i) =>
  makeProduct(`p${i + 1}`, { name: `Rice ${i + 1}`, stock: 10, description: [] }),
);

describe("a long product list in blocks (docs/decisions/033)", () => {
  it("fills every row of a block at every width, so the blocks line up as one grid", () => {
    const columns = [...productGridClass.matchAll(/grid-cols-(\d+)/g)].map((m) => Number(m[1]));
    expect(columns).toEqual([2, 3, 5]);
    for (const count of columns) expect(CARDS_PER_BLOCK % count).toBe(0);
    // The same grid without the list's top margin.
    expect(blockGridClass.split(" ")).toEqual(
      productGridClass.split(" ").filter((name) => !name.startsWith("mt-")),
    );
  });

  it("is one list of every card, in blocks the browser may skip once they have been drawn", async () => {
    mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<ProductsPage />, { path: "/products" });
    const ui = userEvent.setup();
    expect(await screen.findByText("Rice 24")).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Rice 48")).toBeInTheDocument();
    await ui.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("You have seen all 72 products.")).toBeInTheDocument();

    const list = screen.getByRole("list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(72);
    const blocks = [...list.children];
    expect(blocks.map((block) => block.children.length)).toEqual([30, 30, 12]);
    for (const block of blocks) {
      expect(block).toHaveAttribute("role", "none");
      await waitFor(() => expect(block).toHaveClass("card-block", "[content-visibility:auto]"));
    }
  });
});
