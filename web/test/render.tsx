import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Toaster } from "../ui/toast";
import { MemoryRouter, parsePath, Route, Routes } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import { StoreProvider } from "../lib/store";

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
    before = [],
    state,
  }: {
    path?: string;
    pattern?: string;
    routes?: Record<string, ReactNode>;
    /** History entries before `path` (Back goes to the last), and `path`'s own state. */
    before?: string[];
    state?: unknown;
  } = {},
) {
  const queryClient = createQueryClient(false);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[...before, { ...parsePath(path), state }]}>
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

/**
 * The answer of `GET /api/product/list` over `catalogue` for `url` (its `ids`, `q` and `limit`
 * honoured), or undefined when `url` is another call.
 */
export function productListAnswer<P extends { _id: string; name: string }>(
  url: string,
  catalogue: P[],
): { body: unknown } | undefined {
  const [path, query = ""] = url.split("?");
  if (path !== "/api/product/list") return undefined;
  const params = new URLSearchParams(query);
  const ids = params.get("ids")?.split(",");
  const q = params.get("q")?.toLowerCase();
  let products = catalogue.filter(
    (p) => (!ids || ids.includes(p._id)) && (!q || p.name.toLowerCase().includes(q)),
  );
  const limit = Number(params.get("limit") ?? 0);
  const start = Number(params.get("cursor") ?? 0);
  let nextCursor: string | null = null;
  if (limit) {
    nextCursor = start + limit < products.length ? String(start + limit) : null;
    products = products.slice(start, start + limit);
  }
  return { body: { success: true, products, ...(limit ? { nextCursor } : {}) } };
}
