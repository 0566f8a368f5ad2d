import { screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { resetInitialAnswers } from "../../../lib/initial-data";
import { makeProduct } from "../../../test/order-fixture";
import { mockApi, productListAnswer, renderApp } from "../../../test/render";
import { HomePage } from "./home-page";

afterEach(() => {
  vi.unstubAllGlobals();
  resetInitialAnswers();
});

it("says so when nothing is in stock (a new shop, a sold-out one) instead of an empty Best Sellers", async () => {
  mockApi((url) => productListAnswer(url, []));
  renderApp(<HomePage />, { path: "/" });
  expect(
    await screen.findByText("Nothing is in stock right now. Please check back soon."),
  ).toBeInTheDocument();
});

it("shows the best sellers when there are some", async () => {
  const mango = makeProduct("p1", { name: "Alphonso Mango", stock: 3, description: [] });
  mockApi((url) => productListAnswer(url, [mango]));
  renderApp(<HomePage />, { path: "/" });
  expect(await screen.findByText("Alphonso Mango")).toBeInTheDocument();
  expect(screen.queryByText(/Nothing is in stock/)).not.toBeInTheDocument();
});
