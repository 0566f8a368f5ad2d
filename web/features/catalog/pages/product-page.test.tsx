import { screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { resetInitialAnswers } from "../../../lib/initial-data";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { ProductPage } from "./product-page";

afterEach(() => {
  vi.unstubAllGlobals();
  resetInitialAnswers();
});

const mango = makeProduct("p1", { name: "Alphonso Mango", category: "Fruits", description: [] });
const apple = makeProduct("p2", { name: "Shimla Apple", category: "Fruits", description: [] });

function shop(catalogue: (typeof mango)[], relatedFail = false) {
  mockApi((url) => {
    if (url === "/api/product/p1") return { body: { success: true, product: mango } };
    if (relatedFail && url.startsWith("/api/product/list"))
      return { status: 503, body: { success: false, code: "unavailable", message: "Busy." } };
    return productListAnswer(url, catalogue);
  });
  renderApp(<ProductPage />, { path: "/products/fruits/p1", pattern: "/products/:category/:id" });
}

it("shows the related products of its category, itself left out", async () => {
  shop([mango, apple]);
  expect(await screen.findByText("Shimla Apple")).toBeInTheDocument();
  expect(screen.queryByText(/No other products/)).toBeNull();
});

it("says there are no others rather than leaving Related Products blank (a new shop)", async () => {
  shop([mango]);
  expect(
    await screen.findByText("No other products of this category are in stock right now."),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "See more" })).toBeInTheDocument();
});

it("says so when the related products could not be loaded", async () => {
  shop([mango], true);
  expect(await screen.findByText("Related products could not be loaded.")).toBeInTheDocument();
});

function showProduct(product: typeof mango, path = `/products/fruits/${product._id}`) {
  mockApi((url) => {
    if (url === `/api/product/${product._id}`) return { body: { success: true, product } };
    return productListAnswer(url, [product]);
  });
  renderApp(<ProductPage />, { path, pattern: "/products/:category/:id" });
}

it("strikes the MRP through only when there is a discount", async () => {
  showProduct(makeProduct("p3", { name: "Salt", category: "Grains", price: 10, offerPrice: 10 }));
  expect(await screen.findByRole("heading", { name: "Salt" })).toBeInTheDocument();
  expect(screen.getAllByText(/MRP: ₹10\.00/)).toHaveLength(1);
  expect(document.querySelector(".line-through")).toBeNull();
  expect(screen.queryByText("Was")).toBeNull();
});

it("strikes the MRP through beside the offer price when there is a discount", async () => {
  showProduct(makeProduct("p4", { name: "Ghee", category: "Dairy", price: 60, offerPrice: 54 }));
  expect(await screen.findByRole("heading", { name: "Ghee" })).toBeInTheDocument();
  expect(document.querySelector(".line-through")?.textContent).toBe("Was MRP: ₹60.00");
  expect(screen.getByText(/MRP: ₹54/).textContent).toBe("Now MRP: ₹54.00");
});

it("shows About Product only over a description", async () => {
  showProduct(makeProduct("p5", { name: "Plain", description: [] }));
  expect(await screen.findByRole("heading", { name: "Plain" })).toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "About Product" })).toBeNull();
});

it("lists the description under About Product", async () => {
  showProduct(makeProduct("p6", { name: "Described", description: ["Fresh", "Local"] }));
  expect(await screen.findByRole("heading", { name: "About Product" })).toBeInTheDocument();
  expect(screen.getByText("Local")).toBeInTheDocument();
});

it("shows a product without a category with no category in its breadcrumb and no related products", async () => {
  showProduct(makeProduct("p7", { name: "Loose Tea", category: null }), "/products/all/p7");
  expect(await screen.findByRole("heading", { name: "Loose Tea" })).toBeInTheDocument();
  const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
  expect(crumbs.textContent).toBe("Home / Products / Loose Tea");
  expect(screen.queryByRole("heading", { name: "Related Products" })).toBeNull();
  expect(screen.getByRole("link", { name: "See more" })).toHaveAttribute("href", "/products");
});
