import { screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { useCartCount } from "../../../lib/shown-cart";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { CartPage } from "./cart-page";

// One count of the cart everywhere (turn 3, 2/10): the cart page's heading counts units, as the
// navbar's badge does.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Badge() {
  return <p data-testid="badge">{useCartCount()}</p>;
}

it("heads 6 units in 4 lines '6 Items', the badge's count, while loading and once loaded", async () => {
  localStorage.setItem("greencart.cart", JSON.stringify({ p1: 1, p2: 2, p3: 1, p4: 2 }));
  const catalogue = ["p1", "p2", "p3", "p4"].map((id) => makeProduct(id));
  mockApi((url) => productListAnswer(url, catalogue));
  renderApp(
    <>
      <Badge />
      <CartPage />
    </>,
    { path: "/cart" },
  );
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Shopping Cart 6 Items");
  expect(await screen.findByText("Product p4")).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Shopping Cart 6 Items");
  expect(screen.getByTestId("badge")).toHaveTextContent("6");
});
