import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../../test/render";
import { AddProductPage } from "./add-product-page";

afterEach(() => vi.unstubAllGlobals());

// jsdom has no object URLs; the image previews need one.
Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });

const render = () => renderApp(<AddProductPage />, { path: "/seller" });

describe("seller: add product", () => {
  it("sends the reorder level with the other fields and the pictures", async () => {
    const calls = mockApi((url) =>
      url === "/api/product/add"
        ? { status: 201, body: { success: true, message: "Product Added", product: {} } }
        : undefined,
    );
    render();
    const ui = userEvent.setup();
    expect(screen.getByLabelText("Reorder level")).toHaveValue(5);
    const png = new File(["png"], "mango.png", { type: "image/png" });
    await ui.upload(screen.getByLabelText("Upload image 1"), png);
    await ui.type(screen.getByLabelText("Product Name"), "Alphonso Mango");
    await ui.selectOptions(screen.getByLabelText("Category"), "Fruits");
    await ui.type(screen.getByLabelText("Product Price"), "500");
    await ui.type(screen.getByLabelText("Offer Price"), "449.5");
    await ui.clear(screen.getByLabelText("Stock"));
    await ui.type(screen.getByLabelText("Stock"), "20");
    await ui.clear(screen.getByLabelText("Reorder level"));
    await ui.type(screen.getByLabelText("Reorder level"), "3");
    await ui.click(screen.getByRole("button", { name: "ADD" }));

    expect(await screen.findByText("Product Added")).toBeInTheDocument();
    const body = calls.find((c) => c.url === "/api/product/add")!.init?.body as FormData;
    expect(JSON.parse(body.get("productData") as string)).toEqual({
      name: "Alphonso Mango",
      description: [],
      category: "Fruits",
      price: 500,
      offerPrice: 449.5,
      stock: 20,
      lowStockThreshold: 3,
    });
    expect(body.getAll("images")).toEqual([png]);
  });

  it("says what is missing next to each field and sends nothing", async () => {
    const calls = mockApi(() => undefined);
    render();
    const ui = userEvent.setup();
    await ui.upload(
      screen.getByLabelText("Upload image 1"),
      new File(["png"], "mango.png", { type: "image/png" }),
    );
    await ui.clear(screen.getByLabelText("Reorder level"));
    await ui.click(screen.getByRole("button", { name: "ADD" }));
    expect(screen.getByLabelText("Product Name")).toHaveAccessibleDescription(
      "Enter the product's name.",
    );
    expect(screen.getByLabelText("Product Name")).toHaveFocus();
    expect(screen.getByLabelText("Category")).toHaveAccessibleDescription("Choose a category.");
    expect(screen.getByLabelText("Reorder level")).toHaveAccessibleDescription(
      expect.stringContaining("Enter a whole number of units"),
    );
    expect(calls.some((c) => c.url === "/api/product/add")).toBe(false);
  });

  it("says a missing picture beside the pictures, with the focus on the first slot, and no toast", async () => {
    const calls = mockApi(() => undefined);
    render();
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Product Name"), "Alphonso Mango");
    await ui.click(screen.getByRole("button", { name: "ADD" }));
    const slot = screen.getByLabelText("Upload image 1");
    expect(slot).toHaveFocus();
    expect(slot).toHaveAccessibleDescription("Add at least one picture.");
    expect(screen.queryByText("Add at least one image")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/product/add")).toBe(false);
  });

  it("empties a slot's file field once read, so that the same photo can be chosen again", async () => {
    mockApi(() => undefined);
    render();
    const ui = userEvent.setup();
    const slot = screen.getByLabelText<HTMLInputElement>("Upload image 1");
    await ui.upload(slot, new File(["png"], "mango.png", { type: "image/png" }));
    expect(await screen.findByAltText("Image 1 preview")).toBeInTheDocument();
    expect(slot.value).toBe("");
  });
});
