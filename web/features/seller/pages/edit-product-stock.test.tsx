import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product, StockEntry } from "../../../../contract/product";
import { shopSettings } from "../../../test/dashboard-fixture";
import { mockApi, renderApp } from "../../../test/render";
import { makeProduct } from "../../../test/order-fixture";
import { EditProductPage } from "./edit-product-page";
import { pretendBoxWidth, pretendNarrowScreen } from "../../../test/narrow-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const product = makeProduct("p1", {
  name: "Fresh Tomatoes",
  category: "Vegetables",
  price: 40,
  offerPrice: 35,
  image: ["/media/a-large.webp"],
  description: [],
  stock: 12,
});

const entry = (fields: Partial<StockEntry>): StockEntry => ({
  at: "2026-11-22T04:30:00.000Z",
  change: -1,
  stockAfter: 12,
  reason: "order",
  actor: "shopper",
  ...fields,
});

const firstPage: StockEntry[] = [
  entry({ change: -2, stockAfter: 12, reason: "order", orderId: "o-12345678-abcd" }),
  entry({ change: 2, stockAfter: 14, reason: "cancel", actor: "seller s@shop.test" }),
  entry({ change: 1, stockAfter: 12, reason: "payment_lapsed", actor: "system" }),
  entry({
    change: 10,
    stockAfter: 11,
    reason: "restock",
    actor: "seller s@shop.test",
    note: "Farm delivery",
  }),
];
const secondPage = [
  entry({ change: -99, stockAfter: 1, reason: "edit", actor: "seller s@shop.test" }),
];

const HISTORY = "/api/product/p1/stock-history?limit=20";

function serve(
  restock?: (body: unknown) => { status?: number; body: unknown },
  start: Product = product,
) {
  let current = start;
  return mockApi((url, init) => {
    if (url === "/api/product/p1") return { body: { success: true, product: current } };
    // As the server does: switching on needs units; off holds it off through restocks.
    if (url === "/api/product/stock" && init?.method === "POST") {
      const { inStock } = JSON.parse(init.body as string) as { inStock: boolean };
      if (inStock && current.stock === 0)
        return {
          status: 409,
          body: {
            success: false,
            code: "conflict",
            message: `Set a stock count above 0 before marking ${current.name} in stock.`,
          },
        };
      current = { ...current, inStock, switchedOff: inStock ? undefined : true };
      return { body: { success: true, message: "Stock Updated" } };
    }
    if (url === HISTORY) return { body: { success: true, entries: firstPage, nextCursor: "41" } };
    // The dashboard's answer names the shop's time zone (SHOP_TIME_ZONE).
    if (url === "/api/seller/shop") return { body: shopSettings("Asia/Kolkata") };
    if (url === `${HISTORY}&cursor=41`)
      return { body: { success: true, entries: secondPage, nextCursor: null } };
    if (url === "/api/product/restock" && init?.method === "POST" && restock) {
      const answer = restock(JSON.parse(init.body as string));
      const changed = (answer.body as { product?: Product }).product;
      if (changed) current = changed;
      return answer;
    }
    return undefined;
  });
}

const render = () =>
  renderApp(<EditProductPage />, {
    path: "/seller/product-list/p1",
    pattern: "/seller/product-list/:id",
  });

const historyCalls = (calls: { url: string }[]) => calls.filter((c) => c.url === HISTORY).length;

describe("seller: restock", () => {
  it("posts the change and note, says how many units were added, and refreshes the history", async () => {
    const calls = serve(() => ({
      body: { success: true, message: "Stock Added", product: { ...product, stock: 32 } },
    }));
    render();
    const ui = userEvent.setup();
    const restock = await screen.findByRole("form", { name: "Restock" });
    expect(within(restock).getByText("12 units")).toBeInTheDocument();
    await screen.findByRole("table", { name: /Stock changes/ });
    expect(historyCalls(calls)).toBe(1);

    await ui.type(within(restock).getByLabelText("Quantity"), "20");
    await ui.type(within(restock).getByLabelText("Note (optional)"), " Farm delivery ");
    await ui.click(within(restock).getByRole("button", { name: "Restock" }));

    expect(await screen.findByText("Added 20 units")).toBeInTheDocument();
    const post = calls.find((c) => c.url === "/api/product/restock")!;
    expect(JSON.parse(post.init?.body as string)).toEqual({
      id: "p1",
      quantity: 20,
      note: "Farm delivery",
    });
    expect(await within(restock).findByText("32 units")).toBeInTheDocument();
    // The count the seller did not touch follows the new stock.
    expect(screen.getByLabelText("Set stock to")).toHaveValue(32);
    expect(within(restock).getByLabelText("Quantity")).toHaveValue(null);
    await waitFor(() => expect(historyCalls(calls)).toBe(2));
  });

  it("removes units with a negative quantity and says so", async () => {
    const calls = serve(() => ({
      body: { success: true, message: "Stock Removed", product: { ...product, stock: 9 } },
    }));
    render();
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Quantity"), "-3");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText("Removed 3 units")).toBeInTheDocument();
    const post = calls.find((c) => c.url === "/api/product/restock")!;
    expect(JSON.parse(post.init?.body as string)).toEqual({ id: "p1", quantity: -3 });
  });

  it("says a product the seller switched off stays off sale after a restock", async () => {
    serve(() => ({
      body: {
        success: true,
        message: "Stock Added",
        product: { ...product, stock: 5, inStock: false, switchedOff: true },
      },
    }));
    render();
    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText("Quantity"), "5");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    expect(
      await screen.findByText("Added 5 units. Still off sale: switch it on to sell it."),
    ).toBeInTheDocument();
  });

  it("shows the server's 409 message next to the quantity", async () => {
    serve(() => ({
      status: 409,
      body: {
        success: false,
        code: "conflict",
        message: "Only 12 units in stock: cannot remove 50",
      },
    }));
    render();
    const ui = userEvent.setup();
    const quantity = await screen.findByLabelText("Quantity");
    await ui.type(quantity, "-50");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    // Next to the field (and in a toast, from the one place that reports failed calls).
    const message = await screen.findByRole("alert");
    expect(message).toHaveTextContent("Only 12 units in stock: cannot remove 50");
    expect(screen.getByRole("status")).toHaveTextContent("Only 12 units in stock");
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveAccessibleDescription(
      expect.stringContaining("Only 12 units in stock: cannot remove 50"),
    );
    expect(screen.queryByText(/Removed/)).not.toBeInTheDocument();
  });

  it("refuses 0 or a fraction without calling the server", async () => {
    const calls = serve(() => ({ body: { success: true, product } }));
    render();
    const ui = userEvent.setup();
    const quantity = await screen.findByLabelText("Quantity");
    await ui.type(quantity, "0");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText(/Enter a whole number other than 0/)).toBeInTheDocument();
    await ui.clear(quantity);
    await ui.type(quantity, "2.5");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText(/Enter a whole number other than 0/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/product/restock")).toBe(false);
  });
});

const productCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url === "/api/product/p1").length;

describe("seller: the on-sale switch", () => {
  it("switches the product off sale and back on, refetching it each time", async () => {
    const calls = serve();
    render();
    const ui = userEvent.setup();
    const onSale = await screen.findByRole("checkbox", { name: "On sale" });
    expect(onSale).toBeChecked();
    expect(screen.queryByText("Switched off")).not.toBeInTheDocument();
    expect(productCalls(calls)).toBe(1);

    await ui.click(onSale);
    const post = calls.find((c) => c.url === "/api/product/stock")!;
    expect(JSON.parse(post.init?.body as string)).toEqual({ id: "p1", inStock: false });
    expect(await screen.findByText("Stock Updated")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("checkbox", { name: "On sale" })).not.toBeChecked(),
    );
    expect(screen.getByText("Switched off")).toBeInTheDocument();
    expect(productCalls(calls)).toBe(2);
    // The focus stays on the switch.
    expect(screen.getByRole("checkbox", { name: "On sale" })).toHaveFocus();

    await ui.click(screen.getByRole("checkbox", { name: "On sale" }));
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "On sale" })).toBeChecked());
    expect(screen.queryByText("Switched off")).not.toBeInTheDocument();
    expect(productCalls(calls)).toBe(3);
  });

  it("says beside the switch why a product with no units cannot go on sale, until a restock", async () => {
    const off = { ...product, stock: 0, inStock: false, switchedOff: true as const };
    serve(
      () => ({ body: { success: true, message: "Stock Added", product: { ...off, stock: 5 } } }),
      off,
    );
    render();
    const ui = userEvent.setup();
    const onSale = await screen.findByRole("checkbox", { name: "On sale" });
    expect(onSale).not.toBeChecked();
    expect(screen.getByText("Switched off")).toBeInTheDocument();
    expect(screen.getByText("Sold out")).toBeInTheDocument();

    await ui.click(onSale);
    const message = "Set a stock count above 0 before marking Fresh Tomatoes in stock.";
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(onSale).toHaveAccessibleDescription(message);
    expect(onSale).not.toBeChecked();

    await ui.type(screen.getByLabelText("Quantity"), "5");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText(/Still off sale/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    expect(onSale).not.toHaveAccessibleDescription();
  });
});

describe("seller: a sold-out product, before its restock", () => {
  it("keeps it off sale through the coming restock when the seller says so", async () => {
    const soldOut = { ...product, stock: 0, inStock: false };
    const calls = serve(
      () => ({
        body: {
          success: true,
          message: "Stock Added",
          product: { ...soldOut, stock: 5, switchedOff: true as const },
        },
      }),
      soldOut,
    );
    render();
    const ui = userEvent.setup();
    expect(await screen.findByText(/A restock puts it back on sale/)).toBeInTheDocument();
    expect(screen.queryByText("Switched off")).not.toBeInTheDocument();

    await ui.click(screen.getByRole("button", { name: "Keep it off sale" }));
    const post = calls.find((c) => c.url === "/api/product/stock")!;
    expect(JSON.parse(post.init?.body as string)).toEqual({ id: "p1", inStock: false });
    const line = await screen.findByText("A restock keeps it off sale until you switch it on.");
    expect(screen.getByText("Switched off")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Keep it off sale" })).not.toBeInTheDocument();
    // The focus goes to the line that replaced the button, not to the page.
    await waitFor(() => expect(line).toHaveFocus());

    await ui.type(screen.getByLabelText("Quantity"), "5");
    await ui.click(screen.getByRole("button", { name: "Restock" }));
    expect(await screen.findByText(/Still off sale/)).toBeInTheDocument();
  });

  it("says nothing of restocks for a product with units on sale", async () => {
    serve();
    render();
    await screen.findByRole("checkbox", { name: "On sale" });
    expect(screen.queryByText(/A restock/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Keep it off sale" })).not.toBeInTheDocument();
  });
});

describe("seller: the page on a phone", () => {
  it("puts the stock controls first, before the photos and the fields", async () => {
    serve();
    render();
    const stock = await screen.findByRole("region", { name: "Stock and sale" });
    expect(within(stock).getByRole("checkbox", { name: "On sale" })).toBeInTheDocument();
    expect(within(stock).getByRole("form", { name: "Restock" })).toBeInTheDocument();
    expect(within(stock).getByText("12 units")).toBeInTheDocument();
    // A phone shows the page in one column, in this order.
    const follows = (later: Element) =>
      stock.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(follows(screen.getByRole("region", { name: "Photos" }))).toBeTruthy();
    expect(follows(screen.getByLabelText("Product Name"))).toBeTruthy();
    expect(follows(screen.getByRole("region", { name: "Stock history" }))).toBeTruthy();
  });

  it("lists the stock changes one under another instead of a table that scrolls sideways", async () => {
    pretendNarrowScreen();
    serve();
    render();
    const list = await screen.findByRole("list", { name: "Stock changes, newest first" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent(/^−2 units\s*Stock after: 12\s*Order · Order #o-123456/);
    expect(items[0]).toHaveTextContent("Shopper");
    expect(items[1]).toHaveTextContent(/\+2 units\s*Stock after: 14\s*Order cancelled/);
    expect(items[1]).toHaveTextContent("s@shop.test");
    expect(items[3]).toHaveTextContent(/Restock\s*“Farm delivery”/);
    expect(within(items[0]!).getByText(/2026/).closest("time")).toHaveAttribute(
      "dateTime",
      "2026-11-22T04:30:00.000Z",
    );
    await waitFor(() => expect(items[0]).toHaveTextContent("22 Nov 2026 10:00 am"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(list).findByText("Edited by seller")).toBeInTheDocument();
  });
});

describe("seller: the stock history's column", () => {
  it("lists the changes in a column too narrow for the table (beside the form on a wide screen)", async () => {
    pretendBoxWidth(478);
    serve();
    render();
    expect(
      await screen.findByRole("list", { name: "Stock changes, newest first" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("does not flip back to the table for the width of a scroll bar", async () => {
    const resize = pretendBoxWidth(590);
    serve();
    render();
    const asList = () => screen.queryByRole("list", { name: "Stock changes, newest first" });
    expect(await screen.findByRole("list", { name: "Stock changes, newest first" })).toBeTruthy();
    resize(605); // a scroll bar went away
    expect(asList()).toBeInTheDocument();
    resize(640);
    expect(await screen.findByRole("table", { name: /Stock changes/ })).toBeInTheDocument();
    resize(598);
    expect(asList()).toBeInTheDocument();
  });

  it("shows the table where the column has room for it", async () => {
    pretendBoxWidth(688);
    serve();
    render();
    expect(await screen.findByRole("table", { name: /Stock changes/ })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Stock changes, newest first" })).toBeNull();
  });
});

describe("seller: stock history", () => {
  it("lists changes newest first with their reasons in plain words, and loads more", async () => {
    const calls = serve();
    render();
    const table = await screen.findByRole("table", { name: /Stock changes/ });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(/−2\s*12\s*Order\s*Order #o-123456/);
    expect(rows[0]).toHaveTextContent("Shopper");
    expect(rows[1]).toHaveTextContent(/\+2\s*14\s*Order cancelled/);
    expect(rows[1]).toHaveTextContent("s@shop.test");
    expect(rows[2]).toHaveTextContent("Payment not completed");
    expect(rows[3]).toHaveTextContent(/Restock.*Farm delivery/);
    // Times are the shop's (04:30 UTC is 10:00 am in India), machine-readable in dateTime.
    expect(within(rows[0]!).getByText(/2026/).closest("time")).toHaveAttribute(
      "dateTime",
      "2026-11-22T04:30:00.000Z",
    );
    await waitFor(() => expect(rows[0]).toHaveTextContent("22 Nov 2026 10:00 am"));
    expect(document.title).toBe("Edit Fresh Tomatoes | GreenCart");

    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(table).findByText("Edited by seller")).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(`${HISTORY}&cursor=41`);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("lets a seller's email wrap before its @ and its domain's dots only, never letter by letter", async () => {
    serve();
    render();
    const table = await screen.findByRole("table", { name: /Stock changes/ });
    const by = within(table).getAllByRole("row")[2]!.querySelectorAll("td")[4]!;
    expect(by).toHaveTextContent(/^s@shop\.test$/);
    // break-all (or overflow-wrap: anywhere) lets a narrow column split the address at any letter.
    const anywhere = [by, ...by.querySelectorAll("*")].filter((el) =>
      /\bbreak-all\b|wrap-anywhere|\[overflow-wrap:anywhere\]/.test(el.className),
    );
    expect(anywhere).toEqual([]);
    expect(by.innerHTML).toBe("s<wbr>@shop<span><wbr>.test</span>");
  });

  it("gives every region of the page a name of its own (axe: landmark-unique)", async () => {
    serve();
    render();
    await screen.findByRole("table", { name: /Stock changes/ });
    const names: string[] = [];
    screen.getAllByRole("region", {
      name: (name) => {
        names.push(name);
        return true;
      },
    });
    expect(names).toContain("Stock history");
    expect(names.filter((name) => name === "")).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });
});
