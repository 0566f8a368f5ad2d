import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../../test/render";
import { ProductsPage } from "./products-page";

afterEach(() => vi.unstubAllGlobals());

const tomato = {
  _id: "p1",
  name: "Fresh Tomatoes",
  category: "Vegetables",
  price: 40,
  offerPrice: 35,
  image: ["/media/t-large.webp"],
  description: [],
  inStock: true,
  stock: 10,
  weight: "500g",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

describe("products page", () => {
  it("says the list could not be loaded (toast and page), not that nothing matches, and retries", async () => {
    let up = false;
    mockApi((url) => {
      if (url !== "/api/product/list") return undefined;
      return up
        ? { body: { success: true, products: [tomato] } }
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
});
