import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../test/render";
import { LoaderPage } from "./loader-page";

afterEach(() => vi.unstubAllGlobals());

describe("loader page", () => {
  it("offers a way on instead of spinning for ever when there is no next page", () => {
    mockApi(() => undefined);
    renderApp(<LoaderPage />, { path: "/loader" });
    expect(screen.getByRole("heading", { name: "Nothing to wait for here" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/my-orders");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("spins, then goes to the next page", async () => {
    mockApi(() => undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(<LoaderPage />, {
      path: "/loader?next=my-orders",
      pattern: "/loader",
      routes: { "/my-orders": <p>orders page</p> },
    });
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your payment");
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByText("orders page")).toBeInTheDocument();
    vi.useRealTimers();
  });
});
