import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../contract/product";
import type { Dashboard } from "../../../../contract/seller";
import { mockApi, renderApp } from "../../../test/render";
import { makeProduct } from "../../../test/order-fixture";
import { DashboardPage } from "./dashboard-page";

afterEach(() => vi.unstubAllGlobals());

const lowProduct = (id: string, name: string, stock: number): Product =>
  makeProduct(id, {
    name,
    category: "Dairy",
    price: 30,
    offerPrice: 28,
    image: [],
    description: [],
    inStock: stock > 0,
    stock,
  });

const week: Dashboard = {
  success: true,
  timeZone: "Asia/Kolkata",
  today: {
    orders: 14,
    revenue: 4520,
    averageOrderValue: 322.86,
    medianMinutesToDispatch: 18.5,
    onTimeRate: null,
    lateNow: 2,
  },
  days: [
    { date: "2026-11-16", orders: 3, revenue: 900 },
    { date: "2026-11-17", orders: 0, revenue: 0 },
    { date: "2026-11-18", orders: 7, revenue: 2100.5 },
    { date: "2026-11-19", orders: 5, revenue: 1500 },
    { date: "2026-11-20", orders: 9, revenue: 2700 },
    { date: "2026-11-21", orders: 12, revenue: 3650 },
    { date: "2026-11-22", orders: 14, revenue: 4520 },
  ],
  topProducts: [
    { _id: "t1", name: "Fresh Tomatoes", units: 40, revenue: 1400 },
    { _id: "t2", name: "Amul Milk", units: 31, revenue: 868 },
  ],
  lowStock: [lowProduct("l1", "Paneer 200g", 0), lowProduct("l2", "Curd 400g", 3)],
};

const month: Dashboard = {
  ...week,
  today: { ...week.today, onTimeRate: 0.875, lateNow: 0 },
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-${i < 9 ? "10" : "11"}-${String(i < 9 ? 23 + i : i - 8).padStart(2, "0")}`,
    orders: i === 29 ? 99 : 1,
    revenue: 100,
  })),
};

function serve() {
  return mockApi((url) => {
    if (url === "/api/seller/dashboard?days=7") return { body: week };
    if (url === "/api/seller/dashboard?days=30") return { body: month };
    return undefined;
  });
}

const render = () => renderApp(<DashboardPage />, { path: "/seller/dashboard" });
const tile = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling!;

describe("seller: dashboard", () => {
  it("shows today's numbers, the chart with its table, top products and low stock", async () => {
    const calls = serve();
    render();
    await screen.findByRole("heading", { name: "Today" });
    expect(calls.map((c) => c.url).filter((u) => u.startsWith("/api/seller/dashboard"))).toEqual([
      "/api/seller/dashboard?days=7",
    ]);

    expect(tile("Orders")).toHaveTextContent("14");
    // What orders charged, fees included (server/modules/reports sums their amounts).
    expect(tile("Revenue (with fees)")).toHaveTextContent(/^₹4,520$/);
    expect(
      screen.getByRole("columnheader", { name: "Revenue (items, no fees)" }),
    ).toBeInTheDocument();
    expect(tile("Average order value")).toHaveTextContent(/^₹323$/);
    expect(tile("Median time to dispatch")).toHaveTextContent("18.5 min");
    expect(tile("Delivered on time")).toHaveTextContent("—");
    expect(tile("Late now")).toHaveTextContent("2");
    expect(tile("Late now").parentElement).toHaveClass("text-red-800");

    const chart = screen.getByRole("img", { name: /Orders and revenue per day/ });
    expect(chart).toHaveAccessibleName(
      "Orders and revenue per day over the last 7 days: 50 orders, ₹15,370.50 revenue in all. Busiest day 22 Nov with 14 orders and ₹4,520.00.",
    );
    expect(chart.querySelectorAll("rect")).toHaveLength(7);

    const perDay = screen.getByRole("table", { name: "Orders and revenue per day" });
    const rows = within(perDay).getAllByRole("row");
    expect(rows).toHaveLength(1 + 7 + 1);
    expect(rows[3]).toHaveTextContent(/18 Nov.*7.*₹2,100\.50/);
    expect(rows[8]).toHaveTextContent(/Total.*50.*₹15,370\.50/);

    const top = screen.getByRole("table", { name: /Top 5 products/ });
    expect(within(top).getAllByRole("row")[1]).toHaveTextContent(/Fresh Tomatoes.*40.*₹1,400\.00/);

    const low = screen.getByRole("link", { name: /Curd 400g/ });
    expect(low).toHaveAttribute("href", "/seller/product-list/l2");
    expect(low).toHaveTextContent("Low stock · 3 left");
    expect(screen.getByRole("link", { name: /Paneer 200g/ })).toHaveTextContent("Sold out");
  });

  it("switches to 30 days", async () => {
    const calls = serve();
    render();
    const ui = userEvent.setup();
    const seven = await screen.findByRole("button", { name: "7 days" });
    const thirty = screen.getByRole("button", { name: "30 days" });
    expect(seven).toHaveAttribute("aria-pressed", "true");
    expect(thirty).toHaveAttribute("aria-pressed", "false");
    await screen.findByRole("heading", { name: "Last 7 days" });

    await ui.click(thirty);
    expect(await screen.findByRole("heading", { name: "Last 30 days" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain("/api/seller/dashboard?days=30");
    expect(thirty).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.getByRole("img").querySelectorAll("rect")).toHaveLength(30));
    expect(tile("Delivered on time")).toHaveTextContent("88%");
    expect(tile("Late now").parentElement).not.toHaveClass("text-red-800");
  });

  it("offers to try again when the dashboard cannot load", async () => {
    let fail = true;
    mockApi((url) =>
      url === "/api/seller/dashboard?days=7"
        ? fail
          ? { status: 500, body: { success: false, code: "internal", message: "Server error" } }
          : { body: week }
        : undefined,
    );
    render();
    const ui = userEvent.setup();
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    await ui.click(retry);
    expect(await screen.findByRole("heading", { name: "Today" })).toBeInTheDocument();
  });
});
