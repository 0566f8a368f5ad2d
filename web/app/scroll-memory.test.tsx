import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { useScrollMemory } from "./scroll-memory";

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
  window.dispatchEvent(new Event("scroll"));
});

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  vi.stubGlobal("scrollTo", scrollTo);
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => scrollY });
});
afterEach(() => vi.unstubAllGlobals());

function Page() {
  useScrollMemory();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate("/products/grains/p30")}>Open</button>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );

/** The shopper scrolls the page to `y`. */
const scrollBy = (y: number) =>
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event("scroll"));
  });

describe("useScrollMemory", () => {
  it("leaves a page where the shopper scrolled it before the app started", () => {
    // A drawn page scrolled while its app was still on the way.
    scrollY = 900;
    renderAt("/products/grains");
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(900);
  });

  it("remembers a position reached before the app started when the shopper leaves without scrolling again", async () => {
    const ui = userEvent.setup();
    scrollY = 1500;
    renderAt("/products/grains");
    await ui.click(screen.getByRole("button", { name: "Open" }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await ui.click(screen.getByRole("button", { name: "Back" }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1500);
  });

  it("opens a new page at its top, and Back returns to where the list was", async () => {
    const ui = userEvent.setup();
    renderAt("/products/grains");
    scrollBy(1200);
    await ui.click(screen.getByRole("button", { name: "Open" }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(300);
    await ui.click(screen.getByRole("button", { name: "Back" }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    expect(window.scrollY).toBe(1200);
  });
});
