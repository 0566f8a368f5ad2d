// First: how zod parses, before any schema does (no eval under the store's CSP).
import "./lib/zod-without-eval";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/providers";
import { loadServerDrawnPage, preloadShoppingPages } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { whenIdle } from "./lib/when-idle";
import { noteChunkFailure } from "./ui/error-boundary";
import "./styles.css";

window.addEventListener("vite:preloadError", noteChunkFailure);

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");
// Storefront pages arrive drawn by the server (docs/decisions/015-server-rendered-first-screen.md):
// the app takes that HTML over, once the page's own chunk is here, instead of drawing it again.
// Other pages start empty.
const serverDrawn = root.firstElementChild !== null;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={createQueryClient()} serverDrawn={serverDrawn} />
    </BrowserRouter>
  </StrictMode>
);
if (serverDrawn)
  void loadServerDrawnPage(window.location.pathname)
    .catch(() => undefined)
    // As a transition, React takes the page over in short slices, leaving the phone free to
    // answer a tap or a scroll in between (the page is already on screen).
    .then(() => startTransition(() => void hydrateRoot(root, app)));
// Other pages are drawn by the browser: as a transition too, in slices, so that the first
// render of the app (and the page's chunk arriving into it) never holds the main thread in one
// long task.
else startTransition(() => createRoot(root).render(app));
// A shopper's next pages load while the browser is idle; the seller area has its own chunk.
if (!window.location.pathname.startsWith("/seller")) whenIdle(() => void preloadShoppingPages());
