import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLocation, useNavigationType } from "react-router";
import { mockApi, renderApp } from "../../../test/render";
import { makeProduct } from "../../../test/order-fixture";
import { OPENED_FROM_LIST } from "../components/opened-from-list";
import { EditProductPage } from "./edit-product-page";

afterEach(() => vi.unstubAllGlobals());

// jsdom has no object URLs; the photo previews need one.
Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });

const product = makeProduct("p1", {
  name: "Fresh Tomatoes",
  category: "Vegetables",
  price: 40,
  offerPrice: 35,
  image: ["/media/a-large.webp"],
  description: ["Juicy and red", "Farm fresh"],
  stock: 12,
  weight: "500g",
});

function ListShown() {
  return <p>product list{useLocation().search}</p>;
}
/** The list, and how it was reached: POP (Back) or PUSH (opened anew). */
function ListReached() {
  return (
    <p>
      product list{useLocation().search} {useNavigationType()}
    </p>
  );
}
const render = (search = "") =>
  renderApp(<EditProductPage />, {
    path: `/seller/product-list/p1${search}`,
    pattern: "/seller/product-list/:id",
    routes: { "/seller/product-list": <ListShown /> },
  });

/** The product with photos a and b; the images call answers it with `saved` as its photos. */
function serveTwoPhotos(saved: string[]) {
  const two = { ...product, image: ["/media/a-large.webp", "/media/b-large.webp"] };
  return mockApi((url) => {
    if (url === "/api/product/p1") return { body: { success: true, product: two } };
    if (url === "/api/product/images")
      return {
        body: { success: true, message: "Photos Updated", product: { ...two, image: saved } },
      };
    return undefined;
  });
}

describe("seller: edit product", () => {
  it("starts from the product's values and saves every field, then returns to the list", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/product/p1") return { body: { success: true, product } };
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
    expect(screen.getByLabelText("Set stock to")).toHaveValue(12);
    expect(screen.getByLabelText("Reorder level")).toHaveValue(5);

    await ui.clear(name);
    await ui.type(name, "Desi Tomatoes");
    await ui.clear(screen.getByLabelText("Offer Price"));
    await ui.type(screen.getByLabelText("Offer Price"), "29.5");
    await ui.clear(screen.getByLabelText("Set stock to"));
    await ui.type(screen.getByLabelText("Set stock to"), "0");
    await ui.clear(screen.getByLabelText("Reorder level"));
    await ui.type(screen.getByLabelText("Reorder level"), "8");
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
      lowStockThreshold: 8,
      weight: null,
    });
  });

  it("leaves the stock alone when the count was not changed", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/product/p1") return { body: { success: true, product } };
      if (url === "/api/product/update")
        return { body: { success: true, message: "Product Updated" } };
      return undefined;
    });
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("product list")).toBeInTheDocument();
    const update = calls.find((c) => c.url === "/api/product/update")!;
    const body = JSON.parse(update.init?.body as string) as Record<string, unknown>;
    expect(body).not.toHaveProperty("stock");
    expect(body).toMatchObject({ id: "p1", lowStockThreshold: 5 });
  });

  it("goes back to the list as it was filtered, on Save and on Cancel", async () => {
    mockApi((url) => {
      if (url === "/api/product/p1") return { body: { success: true, product } };
      if (url === "/api/product/update")
        return { body: { success: true, message: "Product Updated" } };
      return undefined;
    });
    render("?q=tom&stock=low");
    const ui = userEvent.setup();
    expect(await screen.findByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/seller/product-list?q=tom&stock=low",
    );
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("product list?q=tom&stock=low")).toBeInTheDocument();
  });

  it("opened from the list, goes Back to it on Save and on Cancel, but opens it anew on Cancel with changes", async () => {
    mockApi((url) => {
      if (url === "/api/product/p1") return { body: { success: true, product } };
      if (url === "/api/product/update")
        return { body: { success: true, message: "Product Updated" } };
      return undefined;
    });
    const openFromList = () =>
      renderApp(<EditProductPage />, {
        before: ["/seller/product-list?q=tom"],
        path: "/seller/product-list/p1?q=tom",
        state: OPENED_FROM_LIST,
        pattern: "/seller/product-list/:id",
        routes: { "/seller/product-list": <ListReached /> },
      });
    const ui = userEvent.setup();
    let view = openFromList();
    await ui.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("product list?q=tom POP")).toBeInTheDocument();
    view.unmount();

    view = openFromList();
    await ui.click(await screen.findByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("product list?q=tom POP")).toBeInTheDocument();
    view.unmount();

    // Changed fields: the router's navigation, which asks first.
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    openFromList();
    await ui.type(await screen.findByLabelText("Product Name"), " Extra");
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledWith("Leave without saving your changes?");
    expect(await screen.findByText("product list?q=tom PUSH")).toBeInTheDocument();
  });

  it("says what is wrong next to the field and sends nothing", async () => {
    const calls = mockApi((url) =>
      url === "/api/product/p1" ? { body: { success: true, product } } : undefined,
    );
    render();
    const ui = userEvent.setup();
    const offer = await screen.findByLabelText("Offer Price");
    await ui.clear(offer);
    await ui.type(offer, "45");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(offer).toHaveAttribute("aria-invalid", "true");
    expect(offer).toHaveAccessibleDescription("The offer price must not be more than the price.");
    expect(offer).toHaveFocus();
    expect(calls.some((c) => c.url === "/api/product/update")).toBe(false);
  });

  it("shows the server's message and stays on the form when saving fails", async () => {
    mockApi((url) => {
      if (url === "/api/product/p1") return { body: { success: true, product } };
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
      url === "/api/product/p1"
        ? { status: 404, body: { success: false, code: "not_found", message: "Product not found" } }
        : undefined,
    );
    render();
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the product list" })).toBeInTheDocument();
  });

  it("removes a photo, adds a new one and sends them to the images endpoint", async () => {
    const calls = serveTwoPhotos(["/media/a-large.webp", "/media/c-large.webp"]);
    render();
    const ui = userEvent.setup();
    const update = await screen.findByRole("button", { name: "Update photos" });
    expect(update).toHaveAttribute("aria-disabled", "true");
    // Nothing to send yet: a press does nothing.
    await ui.click(update);
    expect(calls.some((c) => c.url === "/api/product/images")).toBe(false);

    await ui.click(screen.getByRole("button", { name: "Remove photo 2" }));
    // The focus goes to the photo now last, not to the page: photo 1, alone, keeps its Replace.
    expect(screen.getByLabelText("Replace photo 1")).toHaveFocus();
    const png = new File(["png"], "basket.png", { type: "image/png" });
    await ui.upload(screen.getByLabelText("Add a photo"), png);
    expect(screen.getByAltText("Fresh Tomatoes, photo 2 (new)")).toBeInTheDocument();
    await ui.click(update);

    expect(await screen.findByText("Photos Updated")).toBeInTheDocument();
    const sent = calls.find((c) => c.url === "/api/product/images")!;
    const body = sent.init?.body as FormData;
    expect(body.get("id")).toBe("p1");
    expect(JSON.parse(body.get("keep") as string)).toEqual(["/media/a-large.webp"]);
    expect(body.getAll("images")).toEqual([png]);
    // The editor starts again from the saved photos.
    expect(await screen.findByAltText("Fresh Tomatoes, photo 2")).toHaveAttribute(
      "src",
      "/media/c-thumb.webp",
    );
    // The editor of the new photos starts with the focus on its button, with nothing to send.
    expect(screen.getByRole("button", { name: "Update photos" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(screen.getByRole("button", { name: "Update photos" })).toHaveFocus();
  });

  it("makes a kept photo the main one and sends the photos in that order", async () => {
    const calls = serveTwoPhotos(["/media/b-large.webp", "/media/a-large.webp"]);
    render();
    const ui = userEvent.setup();
    expect(
      await screen.findByRole("button", { name: "Make photo 2 the main one" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Make photo 1 the main one" })).toBeNull();
    await ui.click(screen.getByRole("button", { name: "Make photo 2 the main one" }));
    expect(screen.getByAltText("Fresh Tomatoes, photo 1")).toHaveAttribute(
      "src",
      "/media/b-thumb.webp",
    );
    // The focus stays with the photo, now the main one.
    expect(screen.getByLabelText("Replace photo 1")).toHaveFocus();
    await ui.click(screen.getByRole("button", { name: "Update photos" }));
    expect(await screen.findByText("Photos Updated")).toBeInTheDocument();
    const body = calls.find((c) => c.url === "/api/product/images")!.init?.body as FormData;
    expect(JSON.parse(body.get("keep") as string)).toEqual([
      "/media/b-large.webp",
      "/media/a-large.webp",
    ]);
    expect(body.getAll("images")).toEqual([]);
  });

  it("refuses a picture over 5 MB and keeps the last photo", async () => {
    mockApi((url) =>
      url === "/api/product/p1" ? { body: { success: true, product } } : undefined,
    );
    render();
    const ui = userEvent.setup();
    expect(await screen.findByRole("button", { name: "Remove photo 1" })).toBeDisabled();
    const big = new File(["x"], "huge.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 6 * 1024 * 1024 });
    await ui.upload(screen.getByLabelText("Add a photo"), big);
    expect(await screen.findByText("huge.jpg is larger than 5 MB.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update photos" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("shows a product without a category as No category, and takes a category away as none", async () => {
    const loose = { ...product, category: null };
    const calls = mockApi((url) => {
      if (url === "/api/product/p1") return { body: { success: true, product: loose } };
      if (url === "/api/product/update")
        return { body: { success: true, message: "Product Updated" } };
      return undefined;
    });
    render();
    const ui = userEvent.setup();
    const category = await screen.findByLabelText("Category");
    expect(category).toHaveDisplayValue("No category");
    await ui.selectOptions(category, "Dairy");
    await ui.selectOptions(category, "No category");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Product Updated")).toBeInTheDocument();
    const update = calls.find((c) => c.url === "/api/product/update")!;
    expect(JSON.parse(update.init?.body as string)).toMatchObject({ category: null });
  });
});
