import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../test/render";
import { LoginModal } from "./login-modal";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };

describe("login modal", () => {
  it("logs in, welcomes the shopper by name and navigates after 800 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi((url) =>
      url === "/api/user/login" ? { body: { success: true, user } } : undefined,
    );
    renderApp(<LoginModal />, { path: "/start", routes: { "/": <p>home page</p> } });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });

    expect(screen.getByRole("dialog", { name: /user login/i })).toBeInTheDocument();
    expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();
    await ui.type(screen.getByLabelText("Email"), "asha@example.com");
    await ui.type(screen.getByLabelText("Password"), "correct-horse");
    await ui.click(screen.getByRole("button", { name: "Login" }));

    expect(await screen.findByText("Welcome back, Asha!")).toBeInTheDocument();
    const login = calls.find((c) => c.url === "/api/user/login")!;
    expect(JSON.parse(login.init?.body as string)).toEqual({
      email: "asha@example.com",
      password: "correct-horse",
    });
    expect(screen.queryByText("home page")).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(800));
    await waitFor(() => expect(screen.getByText("home page")).toBeInTheDocument());
  });

  it("keeps keyboard focus inside the dialog and has a close button", async () => {
    mockApi(() => undefined);
    renderApp(<LoginModal />);
    const ui = userEvent.setup();
    const dialog = screen.getByRole("dialog", { name: /user login/i });
    // The dialog holds the form: a form may not take the dialog role (axe: aria-allowed-role).
    expect(dialog.tagName).toBe("DIV");
    expect(dialog.querySelector("form")).not.toBeNull();
    expect(screen.getByLabelText("Email")).toHaveFocus();
    screen.getByRole("button", { name: "Login" }).focus();
    await ui.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await ui.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Login" })).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it("brings focus back in when it gets out, and keeps it on Login while signing in, sending once", async () => {
    let answer = (_: Response) => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        calls.push(url);
        return url === "/api/user/login"
          ? pending
          : Promise.resolve(new Response("{}", { status: 401 }));
      }),
    );
    const behind = document.body.appendChild(document.createElement("button"));
    renderApp(<LoginModal />);
    const ui = userEvent.setup();
    behind.focus();
    expect(screen.getByLabelText("Email")).toHaveFocus();

    await ui.type(screen.getByLabelText("Email"), "asha@example.com");
    await ui.type(screen.getByLabelText("Password"), "wrong");
    const login = screen.getByRole("button", { name: "Login" });
    await ui.click(login);
    await waitFor(() => expect(login).toHaveAttribute("aria-disabled", "true"));
    expect(login).not.toBeDisabled();
    expect(login).toHaveFocus();
    await ui.keyboard("{Enter}");
    expect(calls.filter((u) => u === "/api/user/login")).toHaveLength(1);
    answer(
      new Response(
        JSON.stringify({
          success: false,
          code: "not_authorized",
          message: "Invalid email or password",
        }),
        { status: 401, headers: { "content-type": "application/json" } },
      ),
    );
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    behind.remove();
  });

  // (My Orders and an order's page went home, before.)
  it.each(["/cart", "/products/fruits/p1?from=search", "/my-orders", "/my-orders/o1"])(
    "keeps a shopper who logs in while shopping or to see their orders (%s) on that page",
    async (path) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      mockApi((url) => (url === "/api/user/login" ? { body: { success: true, user } } : undefined));
      renderApp(<LoginModal />, { path, routes: { "/": <p>home page</p> } });
      const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      await ui.type(screen.getByLabelText("Email"), "asha@example.com");
      await ui.type(screen.getByLabelText("Password"), "correct-horse");
      await ui.click(screen.getByRole("button", { name: "Login" }));
      expect(await screen.findByText("Welcome back, Asha!")).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByText("home page")).not.toBeInTheDocument();
    },
  );

  it("switches to sign-up, which asks for a name, and requires every field", async () => {
    const calls = mockApi((url) =>
      url === "/api/user/register" ? { body: { success: true, user } } : undefined,
    );
    renderApp(<LoginModal />);
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "click here" }));
    expect(screen.getByRole("dialog", { name: /user sign up/i })).toBeInTheDocument();
    const name = screen.getByLabelText("Name");
    expect(name).toBeRequired();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Email")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();

    await ui.click(screen.getByRole("button", { name: "Create Account" }));
    expect(calls.some((c) => c.url === "/api/user/register")).toBe(false);

    await ui.type(name, "Asha");
    await ui.type(screen.getByLabelText("Email"), "asha@example.com");
    await ui.type(screen.getByLabelText("Password"), "long-enough-pw");
    await ui.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Welcome back, Asha!")).toBeInTheDocument();
    expect(
      JSON.parse(calls.find((c) => c.url === "/api/user/register")!.init?.body as string),
    ).toEqual({ name: "Asha", email: "asha@example.com", password: "long-enough-pw" });
  });

  it("shows the server's message when login fails", async () => {
    mockApi((url) =>
      url === "/api/user/login"
        ? {
            status: 401,
            body: { success: false, code: "not_authorized", message: "Invalid email or password" },
          }
        : undefined,
    );
    renderApp(<LoginModal />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Email"), "asha@example.com");
    await ui.type(screen.getByLabelText("Password"), "wrong");
    await ui.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
  });

  it("shows examples as placeholders, and the password rule under the field before the first try", async () => {
    mockApi(() => undefined);
    renderApp(<LoginModal />);
    const ui = userEvent.setup();
    expect(screen.getByLabelText("Email")).toHaveAttribute("placeholder", "asha@example.com");
    expect(screen.queryByPlaceholderText("type here")).toBeNull();
    // Logging in has no rule to say.
    expect(screen.queryByText("At least 8 characters")).toBeNull();
    await ui.click(screen.getByRole("button", { name: "click here" }));
    expect(screen.getByLabelText("Name")).toHaveAttribute("placeholder", "Asha Rao");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("At least 8 characters");
    expect(screen.queryByPlaceholderText("type here")).toBeNull();
  });
});
