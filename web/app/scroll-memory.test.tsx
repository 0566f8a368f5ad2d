import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { useScrollMemory } from "./scroll-memory";
import { holdScrollRestore } from "../lib/page-return";

let scrollY = 0;
/** How far the page can scroll (a page still loading its list is short). */
let maxY = Infinity;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = Math.max(0, Math.min(y, maxY));
  window.dispatchEvent(new Event("scroll"));
});

// A list's items, laid out by hand (jsdom lays nothing out): each at its top in the page.
const list = document.createElement("div");
/** Shows `count` items `height` px tall, one under the other from `from` px down the page. */
function drawList(count: number, height: number, from = 100) {
  list.replaceChildren(
    ...Array.from({ length: count }, (_, i) => {
      const item = document.createElement("div");
      item.setAttribute("data-scroll-anchor", `order-${i}`);
      item.dataset.top = String(from + i * height);
      item.dataset.height = String(height);
      return item;
    }),
  );
}
/** Where the item `key` is on screen. */
const topOf = (key: string) =>
  list.querySelector(`[data-scroll-anchor="${key}"]`)!.getBoundingClientRect().top;

beforeEach(() => {
  sessionStorage.clear();
  scrollY = 0;
  maxY = Infinity;
  scrollTo.mockClear();
  vi.stubGlobal("scrollTo", scrollTo);
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => scrollY });
  document.body.append(list);
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
    this: HTMLElement,
  ) {
    const top = Number(this.dataset.top ?? 0) - scrollY;
    return { top, bottom: top + Number(this.dataset.height ?? 0) } as DOMRect;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  list.replaceChildren();
  list.remove();
});

function Page({ useMemory = useScrollMemory }: { useMemory?: () => void }) {
  useMemory();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate("/products/grains/p30")}>Open</button>
      <button onClick={() => void navigate("?q=rice")}>Search</button>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

const renderAt = (path: string, useMemory?: () => void) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Page useMemory={useMemory} />} />
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

  it("does not scroll for a change of the same page (a search typed, a filter)", async () => {
    const ui = userEvent.setup();
    renderAt("/products/grains");
    scrollBy(1200);
    await ui.click(screen.getByRole("button", { name: "Search" }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(1200);
  });
});

describe("useScrollMemory, Back to a long list", () => {
  // Frames (requestAnimationFrame) and the clock, by hand; presses by fireEvent.
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: [
        "requestAnimationFrame",
        "cancelAnimationFrame",
        "performance",
        "setTimeout",
        "clearTimeout",
      ],
    }),
  );
  const press = (name: string) =>
    act(() => {
      fireEvent.click(screen.getByRole("button", { name }));
    });
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  /** The seller scrolls 200 cards 400 px tall so that the 101st is 50 px above the screen's top. */
  function leaveFarDown() {
    drawList(200, 400);
    renderAt("/seller/orders");
    scrollBy(40_150);
    expect(topOf("order-100")).toBe(-50);
    press("Open");
    list.replaceChildren();
  }

  it("puts the card at the top of the screen back where it was, though the cards above it came back at other heights", () => {
    leaveFarDown();
    // The list comes back from the cache, every card counted as a 380 px estimate.
    drawList(200, 380);
    press("Back");
    wait(100);
    expect(topOf("order-100")).toBe(-50);
    expect(window.scrollY).toBe(38_150);
    // Then left alone.
    const calls = scrollTo.mock.calls.length;
    wait(5000);
    expect(scrollTo.mock.calls.length).toBe(calls);
  });

  it("puts the next card back where it was when the one at the top left the list meanwhile (its order moved on)", () => {
    leaveFarDown();
    // Back: order-100 has left the queue; the cards come back as 380 px estimates.
    drawList(200, 380);
    list.querySelector('[data-scroll-anchor="order-100"]')!.remove();
    press("Back");
    wait(100);
    // order-101 was 350 px down the screen (400 px under order-100): there again.
    expect(topOf("order-101")).toBe(350);
  });

  it("remembers the card where the user saw it as they left, though it moved after the scroll's last event", () => {
    drawList(200, 400);
    renderAt("/seller/orders");
    scrollBy(40_150);
    // Cards above the screen drawn a moment after the scroll, taller than their estimate: what is
    // on screen moves 30 px down, with no scroll event.
    drawList(200, 400, 130);
    expect(topOf("order-100")).toBe(-20);
    press("Open");
    list.replaceChildren();
    drawList(200, 380);
    press("Back");
    wait(100);
    expect(topOf("order-100")).toBe(-20);
  });

  it("keeps trying while the list comes back late, and puts the card back when it comes", () => {
    leaveFarDown();
    // A skeleton first: the page is short.
    maxY = 500;
    press("Back");
    wait(1500);
    expect(window.scrollY).toBe(500);
    // The list arrives after 90 frames, its cards a little taller than before.
    maxY = Infinity;
    drawList(200, 410);
    wait(100);
    expect(topOf("order-100")).toBe(-50);
  });

  it("puts a page with no list back at its position once the page is tall enough", () => {
    renderAt("/about");
    scrollBy(2400);
    press("Open");
    maxY = 300;
    press("Back");
    wait(1200);
    maxY = Infinity;
    wait(100);
    expect(window.scrollY).toBe(2400);
  });

  /** The list comes back at last (380 px estimates): the page is not scrolled for it. */
  function expectNoScrollOnceTheListComes() {
    const calls = scrollTo.mock.calls.length;
    maxY = Infinity;
    drawList(200, 380);
    wait(1000);
    expect(scrollTo.mock.calls.length).toBe(calls);
  }

  it("stops when the user scrolls: a seller who starts scrolling is not pulled back", () => {
    leaveFarDown();
    maxY = 500;
    press("Back");
    wait(300);
    // The seller scrolls by themselves (a wheel, a touch, a key) before the list is back.
    act(() => void window.dispatchEvent(new Event("wheel")));
    scrollBy(320);
    expectNoScrollOnceTheListComes();
    expect(window.scrollY).toBe(320);
  });

  it("gives up after 3 s when the list never comes back", () => {
    leaveFarDown();
    maxY = 500;
    press("Back");
    wait(3100);
    expectNoScrollOnceTheListComes();
    expect(window.scrollY).toBe(500);
  });

  it("goes on past 3 s while a list reads its pages again, and puts the card back when they come", () => {
    leaveFarDown();
    maxY = 500;
    // The cache let the list's pages go: it reads them again, one after another.
    const release = holdScrollRestore();
    press("Back");
    wait(6000);
    maxY = Infinity;
    drawList(200, 410);
    release();
    wait(100);
    expect(topOf("order-100")).toBe(-50);
  });

  it("gives up after 15 s however long a list holds it", () => {
    leaveFarDown();
    maxY = 500;
    const release = holdScrollRestore();
    press("Back");
    wait(15_100);
    expectNoScrollOnceTheListComes();
    release();
  });

  /**
   * The shopper scrolls the list on `path` so that the 101st card is 50 px above the screen's
   * top, then the tab goes behind another and its page is loaded again (a reload, or the phone's
   * browser let the tab go), of the type `loadType`: returns the new page's scroll memory, the
   * list not yet back (the server drew its first cards only; the page is at its top).
   */
  async function leaveAndLoadAgain(path: string, loadType: NavigationTimingType) {
    drawList(200, 400);
    const before = renderAt(path);
    scrollBy(40_150);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    before.unmount();
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([
      { type: loadType } as PerformanceNavigationTiming,
    ]);
    list.replaceChildren();
    scrollY = 0;
    maxY = 500;
    vi.resetModules();
    return (await import("./scroll-memory")).useScrollMemory;
  }

  it("puts a page loaded again (a reload, a tab the browser let go) back where it was left", async () => {
    const afterReload = await leaveAndLoadAgain("/products/grains", "reload");
    renderAt("/products/grains", afterReload);
    wait(1000);
    maxY = Infinity;
    drawList(200, 380);
    wait(100);
    expect(topOf("order-100")).toBe(-50);
  });

  it("leaves a page opened afresh at its top, though the tab had the same page scrolled before", async () => {
    const opened = await leaveAndLoadAgain("/products/grains", "navigate");
    renderAt("/products/grains", opened);
    expectNoScrollOnceTheListComes();
    expect(window.scrollY).toBe(0);
  });

  it("does not put a reloaded page where another page of the same history entry was", async () => {
    const afterReload = await leaveAndLoadAgain("/products/grains", "reload");
    renderAt("/products/fruits", afterReload);
    expectNoScrollOnceTheListComes();
    expect(window.scrollY).toBe(0);
  });

  it("returns a page left at its top to its top, whatever came above its list meanwhile", () => {
    drawList(200, 400);
    renderAt("/seller/orders");
    press("Open");
    // A line above the list (say, "Showing 500 of 620 open orders") pushes it down.
    drawList(200, 400, 180);
    press("Back");
    wait(100);
    expect(window.scrollY).toBe(0);
  });
});
