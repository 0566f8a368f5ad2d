import { onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionHintCookie } from "../../contract/session-hints";
import { mockApi } from "../test/render";
import { createQueryClient } from "./query-client";
import { fetchSession, signOut, useSaveCart } from "./session-api";

const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };

function forget(name: string) {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

afterEach(() => vi.unstubAllGlobals());

it("signs out with POST", async () => {
  const calls = mockApi(() => ({ body: { success: true, message: "Logged Out" } }));
  await signOut();
  expect(calls).toEqual([
    { url: "/api/user/logout", init: expect.objectContaining({ method: "POST" }) },
  ]);
});

describe("fetchSession", () => {
  it("asks nothing for a visitor, whose browser holds no session's hint", async () => {
    forget(sessionHintCookie("user"));
    forget(sessionHintCookie("seller"));
    const calls = mockApi(() => undefined);
    expect(await fetchSession()).toEqual({ user: null, seller: false });
    expect(calls).toEqual([]);
  });

  it("asks only about the sessions the browser holds a hint of", async () => {
    forget(sessionHintCookie("seller"));
    const calls = mockApi((url) =>
      url === "/api/user/is-auth" ? { body: { success: true, user: shopper } } : undefined,
    );
    expect(await fetchSession()).toEqual({ user: shopper, seller: false });
    expect(calls.map((c) => c.url)).toEqual(["/api/user/is-auth"]);
  });

  it("takes a 401 under a hint as signed out (the session ended elsewhere)", async () => {
    const calls = mockApi((url) =>
      url === "/api/seller/is-auth" ? { body: { success: true } } : undefined,
    );
    expect(await fetchSession()).toEqual({ user: null, seller: true });
    expect(calls.map((c) => c.url).sort()).toEqual(["/api/seller/is-auth", "/api/user/is-auth"]);
  });
});

describe("useSaveCart", () => {
  it("waits while the browser is offline and saves the cart once it is online (the app's other writes fail at once)", async () => {
    const calls = mockApi((url) =>
      url === "/api/cart/update" ? { body: { success: true, message: "Cart Updated" } } : undefined,
    );
    const client = createQueryClient(false);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useSaveCart(), { wrapper });
    act(() => onlineManager.setOnline(false));
    try {
      act(() => result.current.mutate({ p1: 2 }));
      await waitFor(() => expect(result.current.isPaused).toBe(true));
      expect(calls).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.map((c) => c.url)).toEqual(["/api/cart/update"]);
  });
});
