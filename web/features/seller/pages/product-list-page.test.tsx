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
const countCalls = (calls: { url: string }[]) =>
  calls.map((c) => c.url).filter((u) => u.startsWith("/api/seller/product-counts"));

const shopCounts = { all: 4077, low: 12, out: 3, off: 5 };

/** serve(), and the counts: `shopCounts` for every product, `filtered` for any search or category. */
function serveWithCounts(filtered = { all: 1, low: 1, out: 1, off: 0 }) {
  const served = serve();
  const listed = globalThis.fetch;
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (!url.startsWith("/api/seller/product-counts")) return listed(url, init);
    served.push({ url, init });
    const counts = url === "/api/seller/product-counts" ? shopCounts : filtered;
    return new Response(JSON.stringify({ success: true, counts }), {
      headers: { "content-type": "application/json" },
    });
  });
  return served;
}

const stockOptions = () =>
  within(screen.getByLabelText("Stock level"))
    .getAllByRole("option")
    .map((option) => option.textContent);

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

  it("says how many products each stock level has, and how many of them the list shows", async () => {
    const calls = serveWithCounts();
    render();
    const status = await screen.findByText("Showing 3 of 4,077 products (more below)");
    expect(status).toHaveAttribute("role", "status");
    expect(stockOptions()).toEqual([
      "All (4,077)",
      "Low stock (12)",
      "Sold out (3)",
      "Switched off (5)",
    ]);
    expect(countCalls(calls)).toEqual(["/api/seller/product-counts"]);

    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Showing 4 of 4,077 products")).toBeInTheDocument();

    // A stock level's total is its count; the counts are the same (they follow the search and
    // the category only).
    await userEvent.setup().selectOptions(screen.getByLabelText("Stock level"), "low");
    await waitFor(() => expect(listCalls(calls)).toContain("/api/product/list?stock=low&limit=24"));
    expect(await screen.findByText("Showing 1 of 12 products")).toBeInTheDocument();
    expect(countCalls(calls)).toEqual(["/api/seller/product-counts"]);
  });

  it("counts within the search and the category, in the URL's filters from the start", async () => {
    const calls = serveWithCounts({ all: 123456, low: 2, out: 1, off: 0 });
    render("/seller/product-list?category=dairy&stock=out&q=milk");
    expect(await screen.findByText("Showing 1 of 1 product")).toBeInTheDocument();
    expect(countCalls(calls)).toEqual(["/api/seller/product-counts?q=milk&category=dairy"]);
    expect(stockOptions()).toEqual([
      "All (1,23,456)",
      "Low stock (2)",
      "Sold out (1)",
      "Switched off (0)",
    ]);
    expect(screen.getByLabelText("Stock level")).toHaveValue("out");

    await userEvent.setup().selectOptions(screen.getByLabelText("Category"), "Fruits");
    await waitFor(() =>
      expect(countCalls(calls)).toContain("/api/seller/product-counts?q=milk&category=fruits"),
    );
  });

  it("shows the list with plain labels while the counts load, and when they cannot be read", async () => {
    const calls = serve(); // the counts answer 401 here
    const { sent, answer } = holdCalls("/api/seller/product-counts");
    render();
    expect(await screen.findByText("Showing 3 products (more below)")).toBeInTheDocument();
    await sent();
    expect(stockOptions()).toEqual(["All", "Low stock", "Sold out", "Switched off"]);
    await answer();
    await waitFor(() => expect(countCalls(calls)).toHaveLength(1));
    expect(screen.getByText("Showing 3 products (more below)")).toBeInTheDocument();
    expect(stockOptions()).toEqual(["All", "Low stock", "Sold out", "Switched off"]);
    expect(screen.getByRole("table")).toBeInTheDocument();
    // No toast: the list is there, only its counts are missing.
    expect(screen.queryByText("Please log in to continue.")).not.toBeInTheDocument();
  });

  it("gives no total while the list still shows the previous filter's products", async () => {
    const calls = serveWithCounts();
    const { sent, answer } = holdCalls("/api/product/list?stock=off&limit=24");
    render();
    await screen.findByText("Showing 3 of 4,077 products (more below)");
    await userEvent.setup().selectOptions(screen.getByLabelText("Stock level"), "off");
    await sent();
    // Not "Showing 3 of 5": those 3 are not the switched-off products.
    expect(screen.getByText("Showing 3 products")).toBeInTheDocument();
    await answer();
    expect(await screen.findByText("Showing 1 of 5 products")).toBeInTheDocument();
    expect(listCalls(calls)).toContain("/api/product/list?stock=off&limit=24");
  });

  it("reads the counts again after a product is switched off sale", async () => {
    const calls = serveWithCounts();
    render();
    await screen.findByText("Showing 3 of 4,077 products (more below)");
    await userEvent.setup().click(screen.getByLabelText("Fresh Tomatoes in stock"));
    expect(await screen.findByText("Stock Updated")).toBeInTheDocument();
    await waitFor(() =>
      expect(countCalls(calls)).toEqual([
        "/api/seller/product-counts",
        "/api/seller/product-counts",
      ]),
    );
  });

  it("says No category for a product without one", async () => {
    const tea = product("p9", "Loose Tea", { category: null });
    mockApi((url) =>
      url.startsWith("/api/product/list?")
        ? { body: { success: true, products: [tea], nextCursor: null } }
        : undefined,
    );
    render();
    const row = (await screen.findByText("Loose Tea")).closest("tr") as HTMLElement;
    expect(within(row).getByText("No category")).toBeInTheDocument();
  });
});
