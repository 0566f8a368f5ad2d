import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./app/providers";
import { productKeys } from "./lib/query-keys";

/**
 * The server's renderer of a storefront page's first screen (docs/decisions/015): the same app as
 * the browser's, at `url`, with the catalogue answers the page carries inline (by API path) in its
 * query cache. What needs the browser (the signed-in shopper, the kept cart) renders as for a
 * visitor, exactly as the browser's first render does, so the app takes the HTML over as it is.
 */
export async function renderPage(url: string, answers: Record<string, unknown>): Promise<string> {
  // Nothing is fetched while rendering on the server; the inline answers are all there is.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  for (const [path, answer] of Object.entries(answers)) {
    // Each answer seeds the queries that can start from it: a list or product (by its path), and
    // the paged list whose first page it is. Keys nobody reads cost nothing.
    queryClient.setQueryData(productKeys.list(path), answer);
    queryClient.setQueryData(productKeys.pages(path), {
      pages: [answer as never],
      pageParams: [""],
    });
  }
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={queryClient} serverDrawn />
      </StaticRouter>
    </StrictMode>,
    {
      // Every boundary inline, in place: by default React moves boundaries past ~12 KB of page to
      // its end, revealed by inline scripts that the store's Content-Security-Policy forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failures.push(error);
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  queryClient.clear();
  const html = Buffer.concat(chunks).toString("utf8");
  // A part that failed would come as a client-rendered boundary; a script could not run under the
  // CSP. Either way the page is better left to the browser's app alone.
  if (failures.length > 0)
    throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));
  if (/<script\b/i.test(html))
    throw new Error("the server rendering of the page needs an inline script");
  return html;
}
