import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../contract/product";
import { mockApi, renderApp } from "../../../test/render";
import { EditProductPage } from "./edit-product-page";

afterEach(() => vi.unstubAllGlobals());

const product: Product = {
  _id: "p1",
  name: "Fresh Tomatoes",
  category: "Vegetables",
  price: 40,
  offerPrice: 35,
  image: ["/media/a-large.webp"],
  description: ["Juicy and red", "Farm fresh"],
  inStock: true,
  stock: 12,
  lowStockThreshold: 5,
  weight: "500g",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

const render = () =>
  renderApp(<EditProductPage />, {
    path: "/seller/product-list/p1",
    pattern: "/seller/product-list/:id",
    routes: { "/seller/product-list": <p>product list</p> },
  });

describe("seller: edit product", () => {
  it("starts from the product's values and saves every field, then returns to the list", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/product/list") return { body: { success: true, products: [product] } };
      if (url === "/api/product/update")
        return { body: { success: true, message: "Product Updated" } };
      return undefined;
    });
    render();
    const ui = userEvent.setup();
    const name = await screen.findByLabelText("Product Name");
    expect(name).toHaveValue("Fresh Tomatoes");
    expect(screen.getByLabelText(/Product Description/)).toHaveValue("Juicy and red\nFarm fresh");
    expect(screen.getByLabelText("Category")).toHaveValue("Vegetables");
    expect(screen.getByLabelText("Stock")).toHaveValue(12);

    await ui.clear(name);
    await ui.type(name, "Desi Tomatoes");
    await ui.clear(screen.getByLabelText("Offer Price"));
    await ui.type(screen.getByLabelText("Offer Price"), "29.5");
    await ui.clear(screen.getByLabelText("Stock"));
    await ui.type(screen.getByLabelText("Stock"), "0");
    await ui.clear(screen.getByLabelText("Weight"));
    await ui.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("product list")).toBeInTheDocument();
    expect(await screen.findByText("Product Updated")).toBeInTheDocument();
    const update = calls.find((c) => c.url === "/api/product/update")!;
    expect(JSON.parse(update.init?.body as string)).toEqual({
      id: "p1",
      name: "Desi Tomatoes",
      description: ["Juicy and red", "Farm fresh"],
      category: "Vegetables",
      price: 40,
      offerPrice: 29.5,
      stock: 0,
      weight: null,
    });
  });

  it("shows the server's message and stays on the form when saving fails", async () => {
    mockApi((url) => {
      if (url === "/api/product/list") return { body: { success: true, products: [product] } };
      if (url === "/api/product/update")
        return {
          status: 400,
          body: {
            success: false,
            code: "validation_failed",
            message: "offerPrice must not be more than price",
          },
        };
      return undefined;
    });
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("offerPrice must not be more than price")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Edit Product" })).toBeInTheDocument();
  });

  it("says so when the product no longer exists", async () => {
    mockApi((url) =>
      url === "/api/product/list" ? { body: { success: true, products: [] } } : undefined,
    );
    render();
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the product list" })).toBeInTheDocument();
  });
});
