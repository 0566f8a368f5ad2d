// Storefront pages arrive drawn by the server (docs/decisions/015-server-rendered-first-screen.md).
// The app that makes them interactive is fetched once the page and its first pictures have loaded
// and been painted, so that on a slow phone it does not compete with them for the network; the
// server names it in `data-app` on this script's element.
const app = document.getElementById("start-after-load")?.dataset.app;
const start = () => {
  if (app) import(app);
};
// After the frame that shows the loaded pictures: a frame's callbacks run before it is painted,
// a timeout set from one runs after.
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === "complete") afterNextPaint();
else window.addEventListener("load", afterNextPaint, { once: true });
