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
