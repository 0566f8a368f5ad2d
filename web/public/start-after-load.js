// Storefront pages arrive drawn by the server (docs/decisions/015-server-rendered-first-screen.md).
// The app that makes them interactive is fetched once the page's main pictures have been painted,
// so that on a slow phone it does not compete with them for the network; the server names it in
// `data-app` on this script's element.
const app = document.getElementById("start-after-load")?.dataset.app;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  if (app) import(app);
};
// The page's main pictures: the hero, a product's photo, the first cards.
const mainPictures = () => [...document.querySelectorAll('#root img[fetchpriority="high"]')];
// However the page goes, the app is never held back longer than this after the load event.
const MAX_WAIT_MS = 3000;

// Where the browser reports what it has painted (Chromium, Firefox), its word is taken: the app
// starts once a main picture (or, on a page without one, anything) has been shown on screen.
// Frame callbacks are not enough: a headless or busy browser can run a timeout set from one
// before that frame reaches the screen.
const startAfterPaint = () => {
  const wanted = mainPictures();
  const observer = new PerformanceObserver((list) => {
    const painted = list.getEntries().some((entry) => {
      const element = /** @type {{ element?: Element | null }} */ (entry).element;
      return wanted.length === 0 || (element != null && wanted.includes(element));
    });
    if (!painted) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: "largest-contentful-paint", buffered: true });
};

// Elsewhere: once the main pictures have loaded and been decoded, after the next frame.
const startAfterDecode = () => {
  void Promise.all(mainPictures().map((picture) => picture.decode().catch(() => undefined))).then(
    () => requestAnimationFrame(() => setTimeout(start, 0)),
  );
};

const onLoad = () => {
  setTimeout(start, MAX_WAIT_MS);
  if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"))
    startAfterPaint();
  else startAfterDecode();
};
if (document.readyState === "complete") onLoad();
else window.addEventListener("load", onLoad, { once: true });
