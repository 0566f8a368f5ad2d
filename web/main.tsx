import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/providers";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");
const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={createQueryClient()} />
    </BrowserRouter>
  </StrictMode>
);
// Storefront pages arrive rendered by the server (docs/decisions/015-server-rendered-first-screen.md):
// the app takes over that HTML instead of drawing the page again. Other pages start empty.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
