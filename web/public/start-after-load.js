// Storefront pages arrive drawn by the server (docs/decisions/015-server-rendered-first-screen.md).
// The app that makes them interactive is fetched once the page's main pictures are on screen, so
// that on a slow phone it does not compete with them for the network; the server names it in
// `data-app` on this script's element.
const app = document.getElementById("start-after-load")?.dataset.app;
// Until the app runs, the page's buttons are disabled; styles.css shows it once that has lasted
// a moment (a slow network), so that a tap that does nothing does not look like a broken page.
document.documentElement.dataset.app = "waiting";
const running = () => delete document.documentElement.dataset.app;

// The navbar's badge counts the cart this browser kept (web/lib/stored-cart.ts: the items, or a
// visitor's bare map of quantities) at once, not only once the app has started and the session is
// known: styles.css shows this count in place of the page's 0 until then.
const keptItems = () => {
  try {
    const kept = JSON.parse(localStorage.getItem("greencart.cart") ?? "{}");
    const items = kept && typeof kept === "object" && "items" in kept ? kept.items : kept;
    return Object.values(items ?? {})
      .filter((quantity) => Number.isInteger(quantity) && quantity > 0 && quantity < 100)
      .reduce((sum, quantity) => sum + quantity, 0);
  } catch {
    return 0;
  }
};
const kept = keptItems();
if (kept > 0) {
  document.documentElement.style.setProperty("counter-reset", `kept-cart ${kept}`);
  document.documentElement.dataset.keptCart = String(kept);
}
let started = false;
// The app's entry is gone when a new version was deployed since this page was sent: the page is
// loaded again, new, once a minute at most and only online (as web/ui/error-boundary.tsx does
// for the app's other chunks, under the same key).
const RELOADED_AT = "greencart.reloadedAt";
const failed = () => {
  running();
  if (!navigator.onLine || Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) < 60_000)
    return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  location.reload();
};
const start = () => {
  if (started) return;
  started = true;
  if (app) void import(app).then(running, failed);
  else running();
};
// However the page goes, the app is never held back longer than this after the load event.
const MAX_WAIT_MS = 3000;
// The page's main pictures (the hero, a product's photo, the first cards), as web/ui/images.ts
// marks them.
const MAIN_PICTURE = "main-picture";
const mainPictures = () => [
  ...document.querySelectorAll(`#root img[elementtiming="${MAIN_PICTURE}"]`),
];

// Where the browser reports when a marked element has been painted (Element Timing: Chromium), its
// word is taken: the app starts once a main picture is on screen. Frame callbacks are not enough:
// a headless or busy browser can run a timeout set from one before that frame is shown.
const startWhenPainted = () => {
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.identifier === MAIN_PICTURE)) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: "element", buffered: true });
};

// Elsewhere, or on a page without a main picture: once they have loaded and been decoded, after
// the next frame.
const startAfterDecode = () => {
  void Promise.all(mainPictures().map((picture) => picture.decode().catch(() => undefined))).then(
    () => requestAnimationFrame(() => setTimeout(start, 0)),
  );
};

const onLoad = () => {
  setTimeout(start, MAX_WAIT_MS);
  const reportsPaints =
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("element");
  if (mainPictures().length > 0 && reportsPaints) startWhenPainted();
  else startAfterDecode();
};
if (document.readyState === "complete") onLoad();
else window.addEventListener("load", onLoad, { once: true });
