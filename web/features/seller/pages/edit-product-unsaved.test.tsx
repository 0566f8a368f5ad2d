import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLocation } from "react-router";
import { mockApi, renderApp } from "../../../test/render";
import { makeProduct } from "../../../test/order-fixture";
import { EditProductPage } from "./edit-product-page";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const QUESTION = "Leave without saving your changes?";

const product = makeProduct("p1", {
  name: "Fresh Tomatoes",
  category: "Vegetables",
  price: 40,
  offerPrice: 35,
  image: ["/media/a-large.webp", "/media/b-large.webp"],
  description: ["Juicy and red"],
  stock: 12,
});

function ListShown() {
  return <p>product list{useLocation().search}</p>;
}

const routes = { "/seller/product-list": <ListShown /> };
const render = () =>
  renderApp(<EditProductPage />, {
    path: "/seller/product-list/p1?q=tom",
    pattern: "/seller/product-list/:id",
    routes,
  });

function serve() {
  return mockApi((url) => {
    if (url === "/api/product/p1") return { body: { success: true, product } };
    if (url === "/api/product/update")
      return { body: { success: true, message: "Product Updated" } };
    if (url === "/api/product/images")
      return {
        body: {
          success: true,
          message: "Photos Updated",
          product: { ...product, image: ["/media/b-large.webp", "/media/a-large.webp"] },
        },
      };
    return undefined;
  });
}

/** The seller's answer to the question, and how many times it was asked. */
const answer = (leave: boolean) => vi.spyOn(window, "confirm").mockReturnValue(leave);

/** Whether closing the tab now would bring up the browser's prompt. */
function unloadPrevented() {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("seller: edit product, unsaved changes", () => {
  beforeEach(() => void serve());

  it("leaves at once, and lets the tab close, when nothing was changed", async () => {
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    const name = await screen.findByLabelText("Product Name");
    // Changed, then put back as it was: nothing to lose.
    await ui.type(name, "!");
    await ui.keyboard("{Backspace}");
    expect(unloadPrevented()).toBe(false);
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("product list?q=tom")).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("asks before Cancel drops a changed field: stays on No, leaves on Yes, asked once each", async () => {
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    const price = await screen.findByLabelText("Offer Price");
    await ui.clear(price);
    await ui.type(price, "30");
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(QUESTION);
    expect(screen.getByLabelText("Offer Price")).toHaveValue(30);
    expect(screen.queryByText(/product list/)).not.toBeInTheDocument();

    confirm.mockReturnValue(true);
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("product list?q=tom")).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("counts a count typed in the stock field as a change", async () => {
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    const stock = await screen.findByLabelText("Set stock to");
    await ui.clear(stock);
    await ui.type(stock, "7");
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledWith(QUESTION);
    expect(screen.getByLabelText("Set stock to")).toHaveValue(7);
  });

  it("asks about photos reordered and not sent, and not once they are undone or sent", async () => {
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Make photo 2 the main one" }));
    expect(unloadPrevented()).toBe(true);
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByAltText("Fresh Tomatoes, photo 1")).toHaveAttribute(
      "src",
      "/media/b-thumb.webp",
    );

    await ui.click(screen.getByRole("button", { name: "Undo photo changes" }));
    expect(unloadPrevented()).toBe(false);
    await ui.click(screen.getByRole("button", { name: "Make photo 2 the main one" }));
    await ui.click(screen.getByRole("button", { name: "Update photos" }));
    expect(await screen.findByText("Photos Updated")).toBeInTheDocument();
    expect(unloadPrevented()).toBe(false);
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("product list?q=tom")).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("asks about a photo added or removed", async () => {
    Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Remove photo 2" }));
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    await ui.click(screen.getByRole("button", { name: "Undo photo changes" }));
    await ui.upload(
      screen.getByLabelText("Add a photo"),
      new File(["png"], "basket.png", { type: "image/png" }),
    );
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("goes back to the list unasked once the fields are saved", async () => {
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Product Name"), " Desi");
    expect(unloadPrevented()).toBe(true);
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("product list?q=tom")).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(unloadPrevented()).toBe(false);
  });

  it("still asks after Save when the photos changed are not sent, and stays saved on No", async () => {
    const confirm = answer(false);
    const calls = serve();
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Make photo 2 the main one" }));
    await ui.type(screen.getByLabelText("Product Name"), " Desi");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Product Updated")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/product/update")).toHaveLength(1);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("heading", { name: "Edit Product" })).toBeInTheDocument();
    // The fields are saved: undoing the photos leaves nothing to ask about.
    await ui.click(screen.getByRole("button", { name: "Undo photo changes" }));
    await ui.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByText("product list?q=tom")).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("asks on the browser's Back or Forward, cancelling it on No (Navigation API)", async () => {
    // jsdom has no Navigation API: a stand-in that fires its navigate event.
    const navigation = new EventTarget();
    vi.stubGlobal("navigation", navigation);
    const traverse = (path: string) => {
      const event = Object.assign(new Event("navigate", { cancelable: true }), {
        navigationType: "traverse",
        destination: { url: new URL(path, window.location.origin).href },
      });
      navigation.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const confirm = answer(false);
    render();
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Product Name"), " Desi");
    // Within the page (its own address): nothing to ask.
    expect(traverse("/seller/product-list/p1?q=tom")).toBe(false);
    expect(confirm).not.toHaveBeenCalled();

    expect(traverse("/seller/product-list")).toBe(true);
    expect(confirm).toHaveBeenCalledWith(QUESTION);
    confirm.mockReturnValue(true);
    expect(traverse("/seller/dashboard")).toBe(false);
    expect(confirm).toHaveBeenCalledTimes(2);

    // Saved or undone: Back goes unasked.
    await ui.clear(screen.getByLabelText("Product Name"));
    await ui.type(screen.getByLabelText("Product Name"), "Fresh Tomatoes");
    expect(traverse("/seller/product-list")).toBe(false);
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});
