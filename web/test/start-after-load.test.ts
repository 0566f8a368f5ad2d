import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// web/public/start-after-load.js starts a server-drawn page's app once a main picture is on
// screen: where the browser reports painted elements, on that report; elsewhere after the
// pictures have decoded; never later than 3 s after the load event.

type Listener = (list: { getEntries: () => { identifier: string }[] }) => void;
let observers: Listener[] = [];
class FakePerformanceObserver {
  static supportedEntryTypes: string[] = [];
  constructor(private readonly listener: Listener) {}
  observe() {
    observers.push(this.listener);
  }
  disconnect() {
    observers = observers.filter((l) => l !== this.listener);
  }
}
const painted = (identifier: string) =>
  observers.forEach((listener) => listener({ getEntries: () => [{ identifier }] }));
const starts = () => (globalThis as { appStarts?: number }).appStarts ?? 0;

async function loadPage({
  reportsPaints,
  mainPicture = true,
  app = "/web/test/started-app.ts",
}: {
  reportsPaints: boolean;
  mainPicture?: boolean;
  app?: string;
}) {
  FakePerformanceObserver.supportedEntryTypes = reportsPaints ? ["element", "paint"] : ["paint"];
  vi.stubGlobal("PerformanceObserver", FakePerformanceObserver);
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => setTimeout(callback, 16));
  document.body.innerHTML = `
    <div id="root">${mainPicture ? '<img elementtiming="main-picture" src="/media/a-thumb.webp">' : "<p>Hello</p>"}</div>
    <script type="module" id="start-after-load" data-app="${app}"></script>`;
  HTMLImageElement.prototype.decode = () => Promise.resolve();
  vi.resetModules();
  await import("../public/start-after-load.js");
}

/** Lets `ms` of timers pass, and the app's dynamic import run if it was started. */
async function settle(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
}
const startedOnce = () => vi.waitFor(() => expect(starts()).toBe(1));

// The stand-in app transformed once, so that each start imports it at once.
beforeAll(async () => {
  await import("./started-app");
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  observers = [];
  (globalThis as { appStarts?: number }).appStarts = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute("style");
  delete document.documentElement.dataset.keptCart;
});

describe("start-after-load", () => {
  it("starts the app once the browser reports a main picture painted, not before", async () => {
    await loadPage({ reportsPaints: true });
    await settle(100);
    expect(starts()).toBe(0);
    painted("something-else");
    await settle(100);
    expect(starts()).toBe(0);
    painted("main-picture");
    await settle(10);
    await startedOnce();
    // Once only, whatever follows.
    painted("main-picture");
    await settle(5000);
    expect(starts()).toBe(1);
  });

  it("waits at most 3 s after the load event for that report", async () => {
    await loadPage({ reportsPaints: true });
    await settle(2900);
    expect(starts()).toBe(0);
    await settle(200);
    await startedOnce();
  });

  it("starts after the pictures have decoded where paints are not reported, or without a main picture", async () => {
    await loadPage({ reportsPaints: false });
    await settle(50);
    await startedOnce();

    (globalThis as { appStarts?: number }).appStarts = 0;
    await loadPage({ reportsPaints: true, mainPicture: false });
    await settle(50);
    await startedOnce();
  });

  it("counts the kept cart for the navbar's badge before the app starts, whichever form it was kept in", async () => {
    const keptCount = async (stored: string | null) => {
      localStorage.clear();
      if (stored !== null) localStorage.setItem("greencart.cart", stored);
      document.documentElement.removeAttribute("style");
      delete document.documentElement.dataset.keptCart;
      await loadPage({ reportsPaints: true });
      return [
        document.documentElement.dataset.keptCart,
        document.documentElement.style.getPropertyValue("counter-reset"),
      ];
    };
    // A shopper's cart (owner, items, unsaved) and a visitor's bare map.
    expect(await keptCount('{"owner":"u1","items":{"a":2,"b":1},"unsaved":false}')).toEqual([
      "3",
      "kept-cart 3",
    ]);
    expect(await keptCount('{"a":4}')).toEqual(["4", "kept-cart 4"]);
    // Quantities the app would not keep are not counted; nothing kept, or nothing readable: no
    // count of its own, the page's 0 stands.
    expect(await keptCount('{"items":{"a":2,"b":-1,"c":1.5,"d":"9","e":100}}')).toEqual([
      "2",
      "kept-cart 2",
    ]);
    expect(await keptCount(null)).toEqual([undefined, ""]);
    expect(await keptCount('{"items":{}}')).toEqual([undefined, ""]);
    expect(await keptCount("{not json")).toEqual([undefined, ""]);
  });

  it("loads the page again when the app's entry is gone (a new version), once a minute at most, and not offline", async () => {
    // jsdom cannot navigate: the mark the script sets just before it reloads is what shows.
    const reloadedAt = () => sessionStorage.getItem("greencart.reloadedAt");
    const gone = "/web/test/no-such-app.ts";
    await loadPage({ reportsPaints: false, app: gone });
    await settle(50);
    await vi.waitFor(() => expect(reloadedAt()).not.toBeNull());
    // Already loaded again within the minute: not again.
    const first = reloadedAt();
    await loadPage({ reportsPaints: false, app: gone });
    await settle(50);
    await vi.waitFor(() => expect(document.documentElement.dataset.app).toBeUndefined());
    expect(reloadedAt()).toBe(first);

    sessionStorage.clear();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await loadPage({ reportsPaints: false, app: gone });
    await settle(50);
    await vi.waitFor(() => expect(document.documentElement.dataset.app).toBeUndefined());
    expect(reloadedAt()).toBeNull();
    // An app that starts: nothing of the kind.
    vi.restoreAllMocks();
    await loadPage({ reportsPaints: false });
    await settle(50);
    await startedOnce();
    expect(reloadedAt()).toBeNull();
  });
});
