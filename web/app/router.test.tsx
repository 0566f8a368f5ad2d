import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../test/render";
import { AppRoutes } from "./router";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const catalogue = [makeProduct("p1"), makeProduct("p2"), makeProduct("p3")];

describe("the cart route", () => {
  // First: once a test has loaded the page's chunk, the route no longer waits for it.
  it("shows the plain placeholder for an empty cart (the page will say it is empty)", () => {
    mockApi(() => undefined);
    renderApp(<AppRoutes />, { path: "/cart", pattern: "*" });
    // A named placeholder needs a role that may carry a name (axe: aria-prohibited-attr).
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /Shopping Cart/ })).not.toBeInTheDocument();
  });

  it("shows the cart's own frame while the page's chunk loads, and the page keeps it", async () => {
    localStorage.setItem("greencart.cart", JSON.stringify({ p1: 1, p2: 2, p3: 1 }));
    // The cart's products arrive only when the test says so.
    let answer = () => {};
    const products = new Promise<void>((resolve) => (answer = resolve));
    mockApi((url) => productListAnswer(url, catalogue));
    const fetchAnswer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (url instanceof Request ? false : url.toString().startsWith("/api/product/list"))
        await products;
      return fetchAnswer(url, init);
    });
    renderApp(<AppRoutes />, { path: "/cart", pattern: "*" });

    // At once, before the page's chunk has arrived: the heading with the count, a line each.
    expect(screen.getByRole("heading", { name: "Shopping Cart 4 Items" })).toBeInTheDocument();
    const loading = screen.getByRole("list", { name: "Loading cart" });
    expect(within(loading).getAllByRole("listitem", { hidden: true })).toHaveLength(3);
    expect(screen.queryByLabelText("Loading")).not.toBeInTheDocument();

    // Then the page, and its lines once the products are there, under the same heading.
    answer();
    expect(await screen.findByText("Product p3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Shopping Cart 4 Items" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Loading cart" })).not.toBeInTheDocument();
  });
});
