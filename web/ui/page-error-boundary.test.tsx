import { act, render, screen } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { noteChunkFailure, forgetChunkFailure, PageErrorBoundary } from "./error-boundary";

afterEach(() => {
  forgetChunkFailure();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// A page's own error boundary (root-layout.tsx): what it shows, and when it tries again.

/** The layout as root-layout.tsx has it: a navbar outside, the page inside the boundary. */
function Layout({ children }: { children: React.ReactNode }) {
  const { key } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <nav>
        <button type="button" onClick={() => void navigate("/products?search=eggs")}>
          Search eggs
        </button>
        <Link to="/b">to b</Link>
      </nav>
      <PageErrorBoundary resetKey={key}>{children}</PageErrorBoundary>
    </>
  );
}

function SearchPage() {
  const { search } = useLocation();
  if (search.includes("milk")) throw new Error("a bug drawing one result");
  return <p>results for {search}</p>;
}
function Broken(): never {
  throw new Error("a bug in a page");
}

/** The layout at `path`, with `pages` by their paths. */
const renderAt = (path: string, pages: Record<string, React.ReactNode>) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Layout>
        <Routes>
          {Object.entries(pages).map(([pattern, page]) => (
            <Route key={pattern} path={pattern} element={page} />
          ))}
        </Routes>
      </Layout>
    </MemoryRouter>,
  );

describe("a page's error boundary", () => {
  it("tries again when the shopper searches for something else from the navbar (a new page, the same path)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/products?search=milk", { "/products": <SearchPage /> });
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await act(async () => screen.getByRole("button", { name: "Search eggs" }).click());
    // The error stayed until another path, before.
    expect(screen.getByText("results for ?search=eggs")).toBeVisible();
  });

  it("shows the error page, not 'could not load', for a bug while offline after some chunk failed earlier", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    // Earlier, offline, some chunk (the footer, the login dialog loaded ahead...) could not come.
    noteChunkFailure();
    renderAt("/b", { "/b": <Broken /> });
    // "This page could not load", before: any chunk failed earlier made every error one.
    expect(screen.queryByText("This page could not load")).toBeNull();
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  });

  it("catches a page that fails as it is opened once (its error reported once)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/a", { "/a": <p>page a</p>, "/b": <Broken /> });
    await act(async () => screen.getByRole("link", { name: "to b" }).click());
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    const reported = errors.mock.calls.filter((c) => c[0] === "Unexpected Application Error!");
    // Twice before: the commit that caught it still compared the previous path, and reset.
    expect(reported).toHaveLength(1);
  });
});
