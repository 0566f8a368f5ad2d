import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary, noteChunkFailure } from "../ui/error-boundary";
import { preloadShoppingPages } from "./router";

// The network blinks while the idle preload runs: one of the pages' chunks cannot be fetched.
vi.mock("../features/catalog/pages/category-page", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Broken(): never {
  throw new Error("a bug in a page");
}

const renderBroken = () =>
  render(
    <MemoryRouter>
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>
    </MemoryRouter>,
  );

describe("a chunk loaded ahead that fails", () => {
  it("does not make a later error of another kind reload the page instead of saying so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    // As Vite reports the failed load (main.tsx listens for vite:preloadError).
    noteChunkFailure();
    await preloadShoppingPages();
    expect(performance.getEntriesByName("shopping-pages-loaded")).toEqual([]);
    renderBroken();
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
