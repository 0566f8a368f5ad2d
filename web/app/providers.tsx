import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ErrorBoundary } from "../ui/error-boundary";
import { AppRoutes } from "./router";
import { StoreProvider } from "../lib/store";

/**
 * The whole app below its router: the browser wraps it in a BrowserRouter (main.tsx), the server
 * in a StaticRouter to render a storefront page's first screen (entry-server.tsx).
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <StoreProvider>
          <AppRoutes />
        </StoreProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
