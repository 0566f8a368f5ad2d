import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as LoginModalModule from "./login-modal";
import { connection } from "../test/connection";
import { mockApi, productListAnswer, renderApp } from "../test/render";
import { AppRoutes } from "./router";

// The login dialog's chunk: while `reachable` is false, loading it fails as the browser's fetch
// of a chunk does offline (vitest wraps an error thrown by a mock's factory in its own, so the
// failure comes as the dialog is taken from the module).
const loginChunk = vi.hoisted(() => ({ reachable: true }));
vi.mock("./login-modal", async (importOriginal) => {
  const { LoginModal } = await importOriginal<typeof LoginModalModule>();
  return {
    get LoginModal() {
      if (!loginChunk.reachable) throw new TypeError("Failed to fetch dynamically imported module");
      return LoginModal;
    },
  };
});

afterEach(() => {
  loginChunk.reachable = true;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the layout's pieces loaded on demand", () => {
  it("offline, a login dialog that could not load says so and the store stays; online, the next Login opens it", async () => {
    mockApi((url) => productListAnswer(url, []));
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    loginChunk.reachable = false;
    renderApp(<AppRoutes />, { path: "/about", pattern: "*" });
    const ui = userEvent.setup();
    const login = await screen.findByRole("button", { name: "Login" });
    await vi.waitFor(() => expect(login).toBeEnabled());
    await ui.click(login);
    // Said by the layout's toaster and by the one renderApp adds.
    expect(
      (await screen.findAllByText("The login form could not load. Check your connection."))[0],
    ).toBeVisible();
    // The whole store gave way to "Unexpected Application Error!", before.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();

    online.mockReturnValue(true);
    loginChunk.reachable = true;
    await ui.click(login);
    expect(await screen.findByRole("dialog")).toBeVisible();
  });
});

describe("the offline notice", () => {
  const offline = "You are offline. The store will load again once you are connected.";

  it("hangs under the storefront's bar, which stays at the top, not over the page's controls", async () => {
    mockApi((url) => productListAnswer(url, []));
    renderApp(<AppRoutes />, { path: "/cart", pattern: "*" });
    await screen.findByRole("heading", { name: "Your cart is empty" });
    connection(false);
    // Near the bottom of the screen, over the page (the cart's payment select on a phone), before.
    const notice = within(screen.getByRole("banner")).getByRole("status");
    expect(notice).toHaveTextContent(offline);
    expect(screen.getAllByText(offline)).toEqual([notice]);
    // Positioned below the bar: it takes no room, and nothing on the page moves.
    expect(notice).toHaveClass("absolute", "top-full");
    connection(true);
    expect(screen.queryByText(offline)).not.toBeInTheDocument();
  });

  it("in the seller area, whose bar does not stay at the top, sits near the bottom of the screen", async () => {
    mockApi(() => undefined);
    renderApp(<AppRoutes />, { path: "/seller", pattern: "*" });
    connection(false);
    // Under the toasts, in their place at the bottom of the screen (so the two never overlap).
    expect((await screen.findByText(offline)).parentElement).toHaveClass("fixed", "bottom-24");
    connection(true);
    expect(screen.queryByText(offline)).not.toBeInTheDocument();
  });
});
