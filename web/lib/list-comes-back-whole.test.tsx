import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGES_READ_AGAIN_AT_MOST, useListComesBackWhole } from "./list-comes-back-whole";
import { restoreHeld } from "./page-return";

/** A paged list as TanStack's infinite query gives it, with `pages` pages read. */
function list(pages: number, more: Partial<Parameters<typeof useListComesBackWhole>[1]> = {}) {
  return {
    data: { pages: Array.from({ length: pages }, () => ({})) },
    isPlaceholderData: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    isError: false,
    fetchNextPage: vi.fn(() => Promise.resolve()),
    ...more,
  };
}
type List = ReturnType<typeof list>;

type Hook = typeof useListComesBackWhole;

function Harness({ id, query, hook }: { id: string; query: List; hook: Hook }) {
  hook(id, query);
  return null;
}

/** Renders the list `id` in a tab's first history entry, with the hook of one page load. */
function show(id: string, query: List, hook: Hook = useListComesBackWhole) {
  const at = (next: List) => (
    <MemoryRouter initialEntries={["/products"]}>
      <Harness id={id} query={next} hook={hook} />
    </MemoryRouter>
  );
  const view = render(at(query));
  return { again: (next: List) => view.rerender(at(next)), unmount: view.unmount };
}

/**
 * The page is loaded again, as a load of the type `type` (`reload`: the same history entry;
 * `navigate`: a page opened afresh in it): the hook of the new page load, which knows only what
 * the tab's session storage kept.
 */
async function loadAgain(type: NavigationTimingType): Promise<Hook> {
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([
    { type } as PerformanceNavigationTiming,
  ]);
  vi.resetModules();
  return (await import("./list-comes-back-whole")).useListComesBackWhole;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("useListComesBackWhole", () => {
  it("reads the list again as deep as it was after a reload, one page after another, holding the scroll's restore meanwhile", async () => {
    const before = show("/api/product/list?limit=24&a", list(1));
    before.again(list(4));
    before.unmount();

    const reloaded = await loadAgain("reload");
    const first = list(1);
    const after = show("/api/product/list?limit=24&a", first, reloaded);
    expect(first.fetchNextPage).toHaveBeenCalledTimes(1);
    expect((await import("./page-return")).restoreHeld()).toBe(true);
    // One page at a time: none more while one is on its way.
    const reading = list(2, { isFetchingNextPage: true });
    after.again(reading);
    expect(reading.fetchNextPage).not.toHaveBeenCalled();
    const third = list(3);
    after.again(third);
    expect(third.fetchNextPage).toHaveBeenCalledTimes(1);
    const whole = list(4);
    after.again(whole);
    expect(whole.fetchNextPage).not.toHaveBeenCalled();
    expect((await import("./page-return")).restoreHeld()).toBe(false);
    after.unmount();
  });

  it("reads nothing more for a page opened afresh, though the tab had the same list deeper before", async () => {
    show("/api/product/list?limit=24&b", list(5)).unmount();
    const opened = await loadAgain("navigate");
    const first = list(1);
    const view = show("/api/product/list?limit=24&b", first, opened);
    expect(first.fetchNextPage).not.toHaveBeenCalled();
    view.again(list(2));
    view.unmount();
    // Reloaded, the list comes back as deep as this page load had it, not the one before.
    const reloaded = await loadAgain("reload");
    const two = list(2);
    show("/api/product/list?limit=24&b", two, reloaded).unmount();
    expect(two.fetchNextPage).not.toHaveBeenCalled();
  });

  it("reads the list again as deep as it was on Back after the cache let its pages go", () => {
    const before = show("/api/product/list?limit=24&g", list(3));
    before.unmount();
    const first = list(1);
    show("/api/product/list?limit=24&g", first).unmount();
    expect(first.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("stops at a page that fails (the list offers its retry), and at the list's end", () => {
    show("/api/product/list?limit=24&c", list(6)).unmount();
    const failed = list(2, { isError: true });
    const view = show("/api/product/list?limit=24&c", failed);
    expect(failed.fetchNextPage).not.toHaveBeenCalled();
    expect(restoreHeld()).toBe(false);
    const ended = list(3, { hasNextPage: false });
    view.again(ended);
    expect(ended.fetchNextPage).not.toHaveBeenCalled();
    view.unmount();
  });

  it("counts no pages while the list shows another search's (placeholder), and reads at most 20 again", () => {
    const before = show("/api/product/list?limit=24&d", list(30, { isPlaceholderData: true }));
    before.unmount();
    const placeholderFirst = list(1);
    show("/api/product/list?limit=24&d", placeholderFirst).unmount();
    expect(placeholderFirst.fetchNextPage).not.toHaveBeenCalled();

    show("/api/product/list?limit=24&e", list(40)).unmount();
    const nearly = list(PAGES_READ_AGAIN_AT_MOST - 1);
    show("/api/product/list?limit=24&e", nearly).unmount();
    expect(nearly.fetchNextPage).toHaveBeenCalledTimes(1);
    const twenty = list(PAGES_READ_AGAIN_AT_MOST);
    show("/api/product/list?limit=24&e", twenty).unmount();
    expect(twenty.fetchNextPage).not.toHaveBeenCalled();
  });
});
