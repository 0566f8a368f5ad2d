import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLocation } from "react-router";
import type { Product } from "../../../../contract/product";
import { makeProduct } from "../../../test/order-fixture";
import { holdCalls } from "../../../test/hold-calls";
import { mockApi, renderApp } from "../../../test/render";
import { ProductListPage } from "./product-list-page";
import { pretendBoxWidth, pretendNarrowScreen } from "../../../test/narrow-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const product = (id: string, name: string, fields: Partial<Product> = {}): Product =>
  makeProduct(id, {
    name,
    category: "Vegetables",
    price: 40,
    offerPrice: 35,
    description: [],
    stock: 50,
    ...fields,
  });

const tomatoes = product("p1", "Fresh Tomatoes");
const milk = product("p2", "Amul Milk", { stock: 0, inStock: false, category: "Dairy" });
const apples = product("p3", "Shimla Apples", { stock: 3, category: "Fruits" });
const bread = product("p4", "Brown Bread", { stock: 5, category: "Bakery" });

function Where() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

function render(path = "/seller/product-list") {
  return renderApp(
    <>
      <ProductListPage />
      <Where />
    </>,
    { path, pattern: "/seller/product-list" },
  );
}

/** Page 1 with a cursor, page 2 after it; filtered calls get one product. */
function serve() {
  return mockApi((url, init) => {
    if (url === "/api/product/list?limit=24")
      return { body: { success: true, products: [tomatoes, milk, apples], nextCursor: "k123_p3" } };
    if (url === "/api/product/list?limit=24&cursor=k123_p3")
      return { body: { success: true, products: [bread], nextCursor: null } };
    if (url.startsWith("/api/product/list?"))
      return { body: { success: true, products: [apples], nextCursor: null } };
    if (url === "/api/product/stock" && init?.method === "POST")
      return { body: { success: true, message: "Stock Updated" } };
    return undefined;
  });
}

const listCalls = (calls: { url: string }[]) =>
  calls.map((c) => c.url).filter((u) => u.startsWith("/api/product/list"));

describe("seller: product list", () => {
  it("asks for 24 at a time, and Load more asks for the next page with the cursor", async () => {
    const calls = serve();
    render();
    const table = await screen.findByRole("table");
    expect(listCalls(calls)).toEqual(["/api/product/list?limit=24"]);
    expect(within(table).getAllByRole("row")).toHaveLength(4); // header + 3

    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Brown Bread")).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([
      "/api/product/list?limit=24",
      "/api/product/list?limit=24&cursor=k123_p3",
    ]);
    expect(screen.getByText("Fresh Tomatoes")).toBeInTheDocument();
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("takes the list's filters along to a product's edit page, to come back to them", async () => {
    serve();
    render("/seller/product-list?q=apple");
    // Filtered calls answer the apples.
    const edit = await screen.findByRole("link", { name: "Edit Shimla Apples" });
    expect(edit).toHaveAttribute("href", "/seller/product-list/p3?q=apple");
  });

  it("marks sold-out and low-stock products, and leaves the others unmarked", async () => {
    serve();
    render();
    const row = async (name: string) =>
      (await screen.findByText(name)).closest("tr") as HTMLElement;
    expect(within(await row("Amul Milk")).getByText("Sold out")).toBeInTheDocument();
    expect(within(await row("Shimla Apples")).getByText("Low stock · 3 left")).toBeInTheDocument();
    const fresh = await row("Fresh Tomatoes");
    expect(within(fresh).queryByText(/Sold out|Low stock/)).not.toBeInTheDocument();
    // At the threshold counts as low.
    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    expect(within(await row("Brown Bread")).getByText("Low stock · 5 left")).toBeInTheDocument();
  });

  it("tells a product the seller switched off from one merely sold out, and lists those alone", async () => {
    const calls = mockApi((url) => {
      if (url === "/api/product/list?limit=24")
        return {
          body: {
            success: true,
            products: [
              product("p5", "Kept Back Ghee", { stock: 0, inStock: false, switchedOff: true }),
              product("p6", "Paused Paneer", { stock: 30, inStock: false, switchedOff: true }),
              milk,
            ],
            nextCursor: null,
          },
        };
      if (url === "/api/product/list?stock=off&limit=24")
        return { body: { success: true, products: [], nextCursor: null } };
      return undefined;
    });
    render();
    const row = async (name: string) =>
      (await screen.findByText(name)).closest("tr") as HTMLElement;
    const ghee = within(await row("Kept Back Ghee"));
    expect(ghee.getByText("Switched off")).toBeInTheDocument();
    expect(ghee.getByText("Sold out")).toBeInTheDocument();
    expect(within(await row("Paused Paneer")).getByText("Switched off")).toBeInTheDocument();
    const soldOut = within(await row("Amul Milk"));
    expect(soldOut.getByText("Sold out")).toBeInTheDocument();
    expect(soldOut.queryByText("Switched off")).not.toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText("Stock level"), "Switched off");
    await waitFor(() => expect(listCalls(calls)).toContain("/api/product/list?stock=off&limit=24"));
    expect(screen.getByLabelText("address")).toHaveTextContent("?stock=off");
  });

  it("filters by category, stock level and search, in the URL and in the call", async () => {
    const calls = serve();
    render();
    const ui = userEvent.setup();
    await screen.findByRole("table");

    await ui.selectOptions(screen.getByLabelText("Category"), "Fruits");
    await waitFor(() =>
      expect(listCalls(calls)).toContain("/api/product/list?category=fruits&limit=24"),
    );
    await ui.selectOptions(screen.getByLabelText("Stock level"), "Low stock");
    await waitFor(() =>
      expect(listCalls(calls)).toContain("/api/product/list?category=fruits&stock=low&limit=24"),
    );

    const before = listCalls(calls).length;
    await ui.type(screen.getByLabelText("Search products"), "shim");
    // Debounced: one call for the whole word, not one per letter.
    await waitFor(() =>
      expect(listCalls(calls)).toContain(
        "/api/product/list?q=shim&category=fruits&stock=low&limit=24",
      ),
    );
    expect(listCalls(calls).slice(before)).toEqual([
      "/api/product/list?q=shim&category=fruits&stock=low&limit=24",
    ]);
    expect(screen.getByLabelText("address")).toHaveTextContent("?category=Fruits&stock=low&q=shim");

    await ui.selectOptions(screen.getByLabelText("Stock level"), "All");
    await waitFor(() =>
      expect(listCalls(calls)).toContain("/api/product/list?q=shim&category=fruits&limit=24"),
    );
  });

  it("starts from the filters in the URL", async () => {
    const calls = serve();
    render("/seller/product-list?category=dairy&stock=out&q=milk");
    await screen.findByRole("table");
    expect(listCalls(calls)).toEqual([
      "/api/product/list?q=milk&category=dairy&stock=out&limit=24",
    ]);
    expect(screen.getByLabelText("Category")).toHaveValue("Dairy");
    expect(screen.getByLabelText("Stock level")).toHaveValue("out");
    expect(screen.getByLabelText("Search products")).toHaveValue("milk");
  });

  it("switches a product off sale and loads the list again", async () => {
    const calls = serve();
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByLabelText("Fresh Tomatoes in stock"));
    expect(await screen.findByText("Stock Updated")).toBeInTheDocument();
    const toggle = calls.find((c) => c.url === "/api/product/stock")!;
    expect(JSON.parse(toggle.init?.body as string)).toEqual({ id: "p1", inStock: false });
    await waitFor(() =>
      expect(listCalls(calls).filter((u) => u === "/api/product/list?limit=24")).toHaveLength(2),
    );
  });

  it("keeps the focus on the switch while its change is sent, and takes no second press meanwhile", async () => {
    const calls = serve();
    const { sent, answer } = holdCalls("/api/product/stock");
    render();
    const ui = userEvent.setup();
    const tomatoesSwitch = await screen.findByLabelText("Fresh Tomatoes in stock");
    await ui.click(tomatoesSwitch);
    await sent();
    expect(tomatoesSwitch).toHaveFocus();
    expect(tomatoesSwitch).toHaveAttribute("aria-disabled", "true");
    await ui.click(tomatoesSwitch);
    await ui.keyboard(" ");
    expect(tomatoesSwitch).toBeChecked();
    await answer();
    expect(await screen.findByText("Stock Updated")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/product/stock")).toHaveLength(1);
    expect(tomatoesSwitch).toHaveFocus();
    // Once the list is loaded again.
    await waitFor(() => expect(tomatoesSwitch).not.toHaveAttribute("aria-disabled", "true"));
    expect(tomatoesSwitch).toHaveFocus();
  });

  it("says a switch's change is saved even when its row left the list meanwhile", async () => {
    serve();
    const { sent, answer } = holdCalls("/api/product/stock");
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByLabelText("Fresh Tomatoes in stock"));
    await sent();
    // Another filter while it is sent: the list no longer holds the row.
    await ui.selectOptions(screen.getByLabelText("Stock level"), "low");
    await waitFor(() =>
      expect(screen.queryByLabelText("Fresh Tomatoes in stock")).not.toBeInTheDocument(),
    );
    await answer();
    expect(await screen.findByText("Stock Updated")).toBeInTheDocument();
  });

  it("shows cards where the page is too narrow for the table's columns (1024 px beside the sidebar)", async () => {
    pretendBoxWidth(688); // inside the page's padding (jsdom applies no stylesheet)
    serve();
    render();
    expect(await screen.findByRole("list", { name: "Products" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows the table where it fits (1280 px)", async () => {
    pretendBoxWidth(944);
    serve();
    render();
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Products" })).not.toBeInTheDocument();
  });

  it("shows cards instead of the table on a phone, with the switch and links usable", async () => {
    pretendNarrowScreen();
    serve();
    render();
    const list = await screen.findByRole("list", { name: "Products" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(list).getByText("Amul Milk").closest("li")!;
    expect(within(card).getByText("Sold out")).toBeInTheDocument();
    expect(within(card).getByLabelText("Amul Milk in stock")).not.toBeChecked();
    expect(within(card).getByRole("link", { name: "Edit Amul Milk" })).toHaveAttribute(
      "href",
      "/seller/product-list/p2",
    );
  });
});
