import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../contract/product";
import { resetInitialAnswers } from "../../../lib/initial-data";
import { installFakeTime, timePasses } from "../../../test/fake-time";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { CategoryPage } from "./category-page";
import { ProductsPage } from "./products-page";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.getElementById("initial-data")?.remove();
  resetInitialAnswers();
});

const product = (i: number, name = `Rice ${i}`): Product =>
  makeProduct(`p${i}`, {
    name,
    price: 40,
    offerPrice: 35,
    description: [],
    stock: 10,
    weight: "1 kg",
  });
const catalogue = Array.from({ length: 30 }, (_, i) => product(i + 1));

describe("products page", () => {
  it("says the list could not be loaded (toast and page), not that nothing matches, and retries", async () => {
    let up = false;
    mockApi((url) => {
      if (!url.startsWith("/api/product/list")) return undefined;
      return up
        ? productListAnswer(url, [product(1, "Fresh Tomatoes")])
        : {
            status: 503,
            body: {
              success: false,
              code: "unavailable",
              message: "The store is busy. Please try again.",
            },
          };
    });
    renderApp(<ProductsPage />, { path: "/products" });
    expect(await screen.findByText("The store is busy. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Could not load products");
    expect(screen.queryByText(/No products match/)).not.toBeInTheDocument();

    up = true;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Fresh Tomatoes")).toBeInTheDocument();
  });

  it("adds no more of a product than its stock, and says so", async () => {
    const lastTwo = makeProduct("p1", { name: "Alphonso Mango", stock: 2, description: [] });
    mockApi((url) => productListAnswer(url, [lastTwo]));
    renderApp(<ProductsPage />, { path: "/products" });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Add Alphonso Mango to cart" }));
    const more = await screen.findByRole("button", { name: /Add one more Alphonso Mango/ });
    await ui.click(more);
    await ui.click(more);
    expect(
      await screen.findByText("Only 2 of Alphonso Mango left, all in your cart."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("greencart.cart") ?? "{}")).toMatchObject({
        items: { p1: 2 },
      }),
    );
  });

  it("asks the server for 24 in-stock products at a time and loads more with the button", async () => {
    const calls = mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<ProductsPage />, { path: "/products" });
    expect(await screen.findByText("Rice 24")).toBeInTheDocument();
    expect(screen.queryByText("Rice 25")).not.toBeInTheDocument();
    const lists = () => calls.filter((c) => c.url.startsWith("/api/product/list"));
    expect(lists().map((c) => c.url)).toEqual(["/api/product/list?inStock=true&limit=24"]);

    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Rice 30")).toBeInTheDocument();
    expect(lists().at(-1)?.url).toBe("/api/product/list?inStock=true&limit=24&cursor=24");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByText("You have seen all 30 products.")).toBeInTheDocument();
    // Weight on every card.
    expect(screen.getAllByText("1 kg")).toHaveLength(30);
  });

  it("searches on the server with the text of the address bar", async () => {
    const calls = mockApi((url) =>
      productListAnswer(url, [...catalogue, product(99, "Fresh Tomato")]),
    );
    renderApp(<ProductsPage />, { path: "/products?search=tomato" });
    expect(await screen.findByText("Fresh Tomato")).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/product/list?q=tomato&inStock=true&limit=24");
    expect(screen.queryByText("Rice 1")).not.toBeInTheDocument();
    expect(document.title).toBe("Search: tomato | GreenCart");
  });

  it("tells a search that found nothing from a shop with nothing in stock", async () => {
    mockApi((url) => productListAnswer(url, []));
    const searched = renderApp(<ProductsPage />, { path: "/products?search=durian" });
    expect(
      await screen.findByText("No products match your search. Try another word."),
    ).toBeInTheDocument();
    searched.unmount();
    renderApp(<ProductsPage />, { path: "/products" });
    expect(
      await screen.findByText("Nothing is in stock right now. Please check back soon."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No products match/)).not.toBeInTheDocument();
  });

  it("has its own search box for screens without the bar's (phones), which searches the same way", async () => {
    const calls = mockApi((url) =>
      productListAnswer(url, [...catalogue, product(99, "Fresh Tomato")]),
    );
    renderApp(<ProductsPage />, { path: "/products" });
    expect(await screen.findByText("Rice 1")).toBeInTheDocument();
    const box = screen.getByRole("searchbox", { name: "Search products" });
    expect(box.closest("label")).toHaveClass("lg:hidden");
    await userEvent.setup().type(box, "tomato");
    expect(await screen.findByText("Fresh Tomato")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Results for “tomato”" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/product/list?q=tomato&inStock=true&limit=24");
    // Asked once typing paused, not at every key.
    expect(calls.filter((c) => c.url.includes("q=tom&"))).toEqual([]);
  });

  it("starts from the answer the server put in the page, without calling the API", async () => {
    installFakeTime();
    const script = document.createElement("script");
    script.id = "initial-data";
    script.type = "application/json";
    script.textContent = JSON.stringify({
      answers: {
        "/api/product/list?inStock=true&limit=24": {
          success: true,
          products: [product(7, "Inline Rice")],
          nextCursor: null,
        },
      },
    });
    document.body.append(script);
    const calls = mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<ProductsPage />, { path: "/products" });
    expect(screen.getByText("Inline Rice")).toBeInTheDocument();
    await timePasses(50);
    expect(calls.filter((c) => c.url.startsWith("/api/product/list"))).toEqual([]);
  });
});

describe("category page", () => {
  it("pages the category from the server", async () => {
    const calls = mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<CategoryPage />, { path: "/products/grains", pattern: "/products/:category" });
    expect(await screen.findByText("Rice 1")).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/product/list?category=grains&limit=24");
    await waitFor(() => expect(screen.getByRole("button", { name: "Load more" })).toBeEnabled());
  });

  it("offers the other categories and all products from one with nothing in stock", async () => {
    mockApi((url) => productListAnswer(url, []));
    renderApp(<CategoryPage />, { path: "/products/fruits", pattern: "/products/:category" });
    expect(await screen.findByText("No products found in this category.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Organic veggies" })).toHaveAttribute(
      "href",
      "/products/vegetables",
    );
    expect(screen.queryByRole("link", { name: "Fresh Fruits" })).toBeNull();
    expect(screen.getByRole("link", { name: "Browse all products" })).toHaveAttribute(
      "href",
      "/products",
    );
  });

  it("says so for a category that does not exist, without asking", async () => {
    const calls = mockApi((url) => productListAnswer(url, catalogue));
    renderApp(<CategoryPage />, { path: "/products/shoes", pattern: "/products/:category" });
    expect(screen.getByRole("heading", { name: "Category not found" })).toBeInTheDocument();
    expect(screen.queryByText(/shoes/i)).toBeNull();
    expect(screen.getByText("No products found in this category.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fresh Fruits" })).toHaveAttribute(
      "href",
      "/products/fruits",
    );
    expect(calls.filter((c) => c.url.startsWith("/api/product/list"))).toEqual([]);
  });
});
