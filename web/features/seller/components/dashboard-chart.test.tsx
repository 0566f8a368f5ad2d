import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DashboardChart } from "./dashboard-chart";

const days = (orders: number[]) =>
  orders.map((n, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    orders: n,
    revenue: n * 250,
  }));

describe("DashboardChart", () => {
  it("says in its frame that a period had no orders, rather than leaving it blank", () => {
    render(<DashboardChart days={days([0, 0, 0, 0, 0, 0, 0])} />);
    expect(screen.getByText("No orders in these 7 days yet.")).toBeInTheDocument();
    // Screen readers hear the chart's own summary, not the note twice.
    expect(screen.getByRole("img")).toHaveAccessibleName(
      "Orders and revenue per day over the last 7 days: 0 orders, ₹0.00 revenue in all.",
    );
  });

  it("draws no such note once a day has an order", () => {
    render(<DashboardChart days={days([0, 0, 3, 0, 0, 0, 0])} />);
    expect(screen.queryByText(/No orders in these/)).toBeNull();
  });
});
