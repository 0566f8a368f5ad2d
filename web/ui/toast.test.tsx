import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_TOASTS, toast, Toaster } from "./toast";

afterEach(() => {
  vi.useRealTimers();
  toast.dismiss();
});

describe("toasts", () => {
  it("shows a success for 2 s and an error for 4 s, each announced", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success("Added to Cart");
      toast.error("Out of stock");
    });
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual([
      "✓Added to Cart",
      "!Out of stock",
    ]);
    act(() => {
      vi.advanceTimersByTime(2001);
    });
    expect(screen.queryByText("Added to Cart")).not.toBeInTheDocument();
    expect(screen.getByText("Out of stock")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText("Out of stock")).not.toBeInTheDocument();
  });

  it("replaces a toast with the same id instead of stacking it, and dismisses by id", () => {
    render(<Toaster />);
    act(() => {
      toast.error("The store is busy", { id: "busy" });
      toast.error("The store is busy", { id: "busy" });
      toast("Payment cancelled", { id: "cancelled" });
    });
    expect(screen.getAllByText("The store is busy")).toHaveLength(1);
    act(() => {
      toast.dismiss("busy");
    });
    expect(screen.queryByText("The store is busy")).not.toBeInTheDocument();
    expect(screen.getByText("Payment cancelled")).toBeInTheDocument();
  });

  it("shows an icon given in place of the kind's mark", () => {
    render(<Toaster />);
    act(() => {
      toast("New order", { icon: <svg data-testid="cart-icon" /> });
    });
    const shownToast = screen.getByRole("status");
    expect(shownToast).toHaveTextContent(/^New order$/);
    expect(shownToast).toContainElement(screen.getByTestId("cart-icon"));
  });

  it("keeps at most 20, letting the oldest go", () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= MAX_TOASTS + 5; i++) toast(`Notice ${i}`);
    });
    expect(screen.getAllByRole("status")).toHaveLength(MAX_TOASTS);
    expect(screen.queryByText("Notice 5")).not.toBeInTheDocument();
    expect(screen.getByText("Notice 6")).toBeInTheDocument();
    expect(screen.getByText("Notice 25")).toBeInTheDocument();
  });
});

describe("where toasts appear", () => {
  it("at the bottom of the screen, above a phone's Place Order bar, the newest lowest: never over the navbar or a heading", () => {
    render(<Toaster />);
    act(() => {
      toast.success("Added to Cart");
      toast.error("Out of stock");
    });
    const place = screen.getByTestId("toasts");
    expect(place).toHaveClass("fixed", "bottom-24", "md:bottom-6");
    expect(place.className).not.toMatch(/\btop-/);
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual([
      "✓Added to Cart",
      "!Out of stock",
    ]);
  });
});
