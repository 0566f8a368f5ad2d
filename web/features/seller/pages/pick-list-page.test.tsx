import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Order, PickList } from "../../../../contract/order";
import { shopSettings } from "../../../test/dashboard-fixture";
import { mockApi, renderApp } from "../../../test/render";
// Test helpers shared with the shopper's order pages (test code only).
import { FakeEventSource } from "../../../test/fake-event-source";
import { makeOrder } from "../../../test/order-fixture";
import { PICKED_STORAGE_KEY, PickListPage } from "./pick-list-page";

type Line = PickList["items"][number];
const line = (
  id: string,
  name: string,
  category: Line["product"]["category"],
  quantity: number,
  orderIds: string[],
): Line => ({
  product: { _id: id, name, category, image: [`/media/${id}-large.webp`], weight: "500 g" },
  quantity,
  orderIds,
});

const A = "aaaaaaaa-0000-4000-8000-000000000001";
const B = "bbbbbbbb-0000-4000-8000-000000000002";
const items = [
  line("p-onion", "Onion", "Vegetables", 2, [A]),
  line("p-tomato", "Tomato", "Vegetables", 3, [A, B]),
  line("p-milk", "Toned Milk", "Dairy", 1, [B]),
];
const orders: Order[] = [
  makeOrder(A, { deliverBy: "2026-11-22T10:30:00.000Z" }),
  makeOrder(B, {
    status: "Packing",
    paymentType: "COD",
    isPaid: false,
    deliverBy: "2026-11-22T10:40:00.000Z",
    address: { ...makeOrder(B).address, street: "7 Residency Road", firstName: "Ravi" },
  }),
];

function serve(getItems: () => Line[] | "error") {
  return mockApi((url) => {
    if (url === "/api/order/seller/pick-list") {
      const answer = getItems();
      return answer === "error"
        ? { status: 500, body: { success: false, code: "internal", message: "Server error" } }
        : { body: { success: true, items: answer } };
    }
    if (url === "/api/order/seller?open=true") return { body: { success: true, orders } };
    // The dashboard's answer names the shop's time zone (SHOP_TIME_ZONE).
    if (url === "/api/seller/shop") return { body: shopSettings("Asia/Kolkata") };
    return undefined;
  });
}

const render = () => renderApp(<PickListPage />, { path: "/seller/pick-list" });

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("seller: pick list", () => {
  it("groups lines by category then product, with quantities and order numbers", async () => {
    serve(() => items);
    render();
    const veg = await screen.findByRole("region", { name: "Organic veggies" });
    const dairy = screen.getByRole("region", { name: "Dairy Products" });
    expect(screen.queryByRole("article", { hidden: true })).not.toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Organic veggies",
      "Dairy Products",
    ]);
    const vegLines = within(veg).getAllByRole("listitem");
    expect(vegLines.map((l) => within(l).getByRole("checkbox").getAttribute("aria-label"))).toEqual(
      ["Onion × 2", "Tomato × 3"],
    );
    expect(vegLines[1]).toHaveTextContent("#aaaaaaaa #bbbbbbbb");
    expect(within(dairy).getByRole("checkbox", { name: "Toned Milk × 1" })).toBeInTheDocument();
    expect(screen.getByText("0 of 3 lines picked · 6 units")).toBeInTheDocument();
  });

  it("remembers ticks across reloads, and a line that changed starts unticked", async () => {
    let current = items;
    serve(() => current);
    const first = render();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Tomato × 3" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Toned Milk × 1" }));
    expect(screen.getByText("2 of 3 lines picked · 6 units")).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PICKED_STORAGE_KEY)!)).toHaveLength(2);
    first.unmount();

    const second = render();
    expect(await screen.findByRole("checkbox", { name: "Tomato × 3" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Toned Milk × 1" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Onion × 2" })).not.toBeChecked();
    second.unmount();

    // Another order wants tomatoes now: that line must be picked again; milk is unchanged.
    current = [
      items[0]!,
      line("p-tomato", "Tomato", "Vegetables", 4, [A, B, "cccccccc-9"]),
      items[2]!,
    ];
    render();
    expect(await screen.findByRole("checkbox", { name: "Tomato × 4" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Toned Milk × 1" })).toBeChecked();
  });

  it("prints a packing slip per open order", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    serve(() => items);
    render();
    await userEvent.click(await screen.findByRole("button", { name: "Print packing slips (2)" }));
    expect(print).toHaveBeenCalledTimes(1);
    const slips = screen.getAllByRole("article", { hidden: true });
    expect(slips.map((s) => s.getAttribute("aria-label"))).toEqual([
      "Packing slip aaaaaaaa",
      "Packing slip bbbbbbbb",
    ]);
    expect(slips[1]).toHaveTextContent("7 Residency Road");
    // Due at 10:40 UTC: the shop's clock (India), whatever the browser's zone.
    await vi.waitFor(() => expect(slips[1]).toHaveTextContent("due 4:10 pm"));
    expect(slips[1]).toHaveTextContent("Collect ₹340 in cash");
    expect(slips[0]).toHaveClass("break-after-page");
  });

  it("offers a retry when the list cannot be loaded", async () => {
    let answer: Line[] | "error" = "error";
    serve(() => answer);
    render();
    const retry = await screen.findByRole("button", { name: "Try again" });
    answer = items;
    await userEvent.click(retry);
    expect(await screen.findByRole("checkbox", { name: "Onion × 2" })).toBeInTheDocument();
  });
});
