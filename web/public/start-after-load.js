// Storefront pages arrive drawn by the server (docs/decisions/015-server-rendered-first-screen.md).
// The app that makes them interactive is fetched once the page and its first pictures have loaded,
// so that on a slow phone it does not compete with them for the network; the server names it in
// `data-app` on this script's element.
const app = document.getElementById("start-after-load")?.dataset.app;
const start = () => {
  if (app) import(app);
};
if (document.readyState === "complete") start();
else window.addEventListener("load", start, { once: true });
