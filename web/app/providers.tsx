import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { AppReadyProvider } from "../ui/app-ready";
import { ErrorBoundary } from "../ui/error-boundary";
import { AppRoutes } from "./router";
import { StoreProvider } from "../lib/store";

/**
 * The whole app below its router: the browser wraps it in a BrowserRouter (main.tsx), the server
 * in a StaticRouter to render a storefront page's first screen (entry-server.tsx).
 */
export function App({
  queryClient,
  serverDrawn = false,
}: {
  queryClient: QueryClient;
  /** Drawn by the server, or taken over from it: both first renders must be the same. */
  serverDrawn?: boolean;
}) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <StoreProvider serverDrawn={serverDrawn}>
          <AppReadyProvider serverDrawn={serverDrawn}>
            <AppRoutes />
          </AppReadyProvider>
        </StoreProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
