// Storefront pages arrive drawn by the server (docs/decisions/015-server-rendered-first-screen.md).
// The app that makes them interactive is fetched once the page and its first pictures have loaded
// and been painted, so that on a slow phone it does not compete with them for the network; the
// server names it in `data-app` on this script's element.
const app = document.getElementById("start-after-load")?.dataset.app;
const start = () => {
  if (app) import(app);
};
// A frame's callbacks run before it is painted, a timeout set from one after.
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
// The page's main pictures (the hero, a product's photo, the first card) are decoded after they
// have loaded, and painted only then: the app waits for that too (a broken one does not hold it).
const afterMainPictures = () => {
  const pictures = [...document.querySelectorAll('#root img[fetchpriority="high"]')];
  void Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))).then(
    afterNextPaint,
  );
};
if (document.readyState === "complete") afterMainPictures();
else window.addEventListener("load", afterMainPictures, { once: true });
