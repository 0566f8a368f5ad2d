import { act, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { ProductsPage } from "../pages/products-page";
import { blockGridClass, CARDS_PER_BLOCK } from "./paged-products";
import { productGridClass } from "./product-card";

afterEach(() => {
  vi.useRealTimers();
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

  it("keeps the pages read for half an hour once left, so Back finds the list as it was", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    mockApi((url) => productListAnswer(url, catalogue));
    function LeaveAndComeBack() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown && <ProductsPage />}
          <button onClick={() => setShown((s) => !s)}>{shown ? "Leave" : "Come back"}</button>
        </>
      );
    }
    renderApp(<LeaveAndComeBack />, { path: "/products" });
    const ui = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    expect(await screen.findByText("Rice 24")).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Rice 48")).toBeInTheDocument();
    await ui.click(screen.getByRole("button", { name: "Leave" }));
    // A product page read for six minutes (past the query cache's default five).
    await act(() => vi.advanceTimersByTimeAsync(6 * 60_000));
    await ui.click(screen.getByRole("button", { name: "Come back" }));
    expect(await screen.findByText("Rice 48")).toBeInTheDocument();
  });
});
