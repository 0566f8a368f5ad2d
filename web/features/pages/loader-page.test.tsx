import { fireEvent, screen } from "@testing-library/react";
import { useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../test/render";
import { LoaderPage } from "./loader-page";

afterEach(() => vi.unstubAllGlobals());

/** The page paying leads to, with the browser's Back. */
function OrdersWithBack() {
  const navigate = useNavigate();
  return (
    <>
      <p>orders page</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

describe("loader page", () => {
  it("offers a way on instead of spinning for ever when there is no next page", () => {
    mockApi(() => undefined);
    renderApp(<LoaderPage />, { path: "/loader" });
    expect(screen.getByRole("heading", { name: "Nothing to wait for here" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/my-orders");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("spins, then goes to the next page in its place, so that Back does not return to it", async () => {
    mockApi(() => undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(<LoaderPage />, {
      path: "/loader?next=my-orders",
      pattern: "/loader",
      routes: { "/my-orders": <OrdersWithBack /> },
    });
    expect(screen.getByRole("status")).toHaveTextContent("Confirming your payment");
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByText("orders page")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.getByText("orders page")).toBeInTheDocument();
    expect(screen.queryByText(/Confirming your payment/)).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
