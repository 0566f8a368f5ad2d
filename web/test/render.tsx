import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Toaster } from "react-hot-toast";
import { MemoryRouter, Route, Routes } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../app/query-client";
import { StoreProvider } from "../app/store";

type Handler = (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined;

/**
 * Replaces `fetch` (the browser app's only way out) with answers shaped like the API's. Unknown
 * calls answer 401, as a visitor's session checks do.
 */
export function mockApi(handler: Handler) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const answer = handler(url, init) ?? {
        status: 401,
        body: { success: false, code: "not_authorized", message: "Not Authorized" },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/**
 * Renders `ui` at `path` inside the app's providers, with extra routes to observe navigation.
 * `pattern` is the route `ui` answers (for parameters such as `/seller/product-list/:id`).
 */
export function renderApp(
  ui: ReactNode,
  {
    path = "/",
    pattern = path.split("?")[0],
    routes = {} as Record<string, ReactNode>,
  }: { path?: string; pattern?: string; routes?: Record<string, ReactNode> } = {},
) {
  const queryClient = createQueryClient(false);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <StoreProvider>
          <Routes>
            <Route path={pattern} element={ui} />
            {Object.entries(routes).map(([p, element]) => (
              <Route key={p} path={p} element={element} />
            ))}
          </Routes>
          <Toaster />
        </StoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
