import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../../test/render";
import { AddProductPage } from "./add-product-page";

afterEach(() => vi.unstubAllGlobals());

// jsdom has no object URLs; the image previews need one.
Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });

const render = () => renderApp(<AddProductPage />, { path: "/seller" });

/** An API that takes the product (201), as the server does. */
const answeringAdd = () =>
  mockApi((url) =>
    url === "/api/product/add"
      ? { status: 201, body: { success: true, message: "Product Added", product: {} } }
      : undefined,
  );

describe("seller: add product", () => {
  it("sends the reorder level with the other fields and the pictures", async () => {
    const calls = answeringAdd();
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
    // A category is not required (the spec's form does not require it): no mistake there.
    expect(screen.getByLabelText("Category")).not.toBeInvalid();
    expect(screen.getByLabelText("Reorder level")).toHaveAccessibleDescription(
      expect.stringContaining("Enter a whole number of units"),
    );
    expect(calls.some((c) => c.url === "/api/product/add")).toBe(false);
  });

  it("clears each field's mistake as the seller mends it, and says what is wrong now", async () => {
    mockApi(() => undefined);
    render();
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "ADD" }));
    expect(screen.getByText("Enter the product's name.")).toBeInTheDocument();
    await ui.type(screen.getByLabelText("Product Name"), "Alphonso Mango");
    expect(screen.queryByText("Enter the product's name.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Product Name")).toHaveAttribute("aria-invalid", "false");
    await ui.selectOptions(screen.getByLabelText("Category"), "Fruits");
    await ui.type(screen.getByLabelText("Product Price"), "40");
    expect(screen.queryByText(/Enter a price in rupees/)).not.toBeInTheDocument();
    await ui.type(screen.getByLabelText("Offer Price"), "45");
    expect(
      screen.getByText("The offer price must not be more than the price."),
    ).toBeInTheDocument();
    await ui.clear(screen.getByLabelText("Offer Price"));
    await ui.type(screen.getByLabelText("Offer Price"), "35");
    expect(screen.queryByText(/The offer price|Enter an offer price/)).not.toBeInTheDocument();
    // A field that was right at ADD says nothing while it is typed in.
    await ui.clear(screen.getByLabelText("Stock"));
    expect(screen.queryByText(/Enter a whole number/)).not.toBeInTheDocument();
  });

  it("takes a chosen picture out again with Remove, and sends only the pictures left", async () => {
    const calls = answeringAdd();
    render();
    const ui = userEvent.setup();
    const mango = new File(["png"], "mango.png", { type: "image/png" });
    const wrong = new File(["png"], "wrong.png", { type: "image/png" });
    await ui.upload(screen.getByLabelText("Upload image 1"), mango);
    await ui.upload(screen.getByLabelText("Upload image 2"), wrong);
    expect(screen.getAllByRole("button", { name: /^Remove image/ })).toHaveLength(2);
    await ui.click(screen.getByRole("button", { name: "Remove image 2" }));
    expect(screen.queryByAltText("Image 2 preview")).not.toBeInTheDocument();
    expect(screen.getByAltText("Image 1 preview")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove image 2" })).not.toBeInTheDocument();
    await ui.type(screen.getByLabelText("Product Name"), "Alphonso Mango");
    await ui.selectOptions(screen.getByLabelText("Category"), "Fruits");
    await ui.type(screen.getByLabelText("Product Price"), "500");
    await ui.type(screen.getByLabelText("Offer Price"), "449");
    await ui.click(screen.getByRole("button", { name: "ADD" }));
    expect(await screen.findByText("Product Added")).toBeInTheDocument();
    const body = calls.find((c) => c.url === "/api/product/add")!.init?.body as FormData;
    expect(body.getAll("images")).toEqual([mango]);
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

  it("adds a product without a category, sent as none", async () => {
    const calls = answeringAdd();
    render();
    const ui = userEvent.setup();
    expect(screen.getByLabelText("Category")).not.toBeRequired();
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("No category");
    await ui.upload(
      screen.getByLabelText("Upload image 1"),
      new File(["png"], "tea.png", { type: "image/png" }),
    );
    await ui.type(screen.getByLabelText("Product Name"), "Loose Tea");
    await ui.type(screen.getByLabelText("Product Price"), "120");
    await ui.type(screen.getByLabelText("Offer Price"), "110");
    await ui.click(screen.getByRole("button", { name: "ADD" }));
    expect(await screen.findByText("Product Added")).toBeInTheDocument();
    const body = calls.find((c) => c.url === "/api/product/add")!.init?.body as FormData;
    expect(JSON.parse(body.get("productData") as string)).toMatchObject({
      name: "Loose Tea",
      category: null,
    });
  });
});
