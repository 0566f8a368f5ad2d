import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "../ui/toast";
import { ApiError } from "./api-client";

/** What a failed call tells the shopper: the server's message, or a plain fallback. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

/**
 * The app's server-state cache, and the one place that says why a call failed (store-spec.md
 * 8): a failed load or write shows its message in a toast, once per message however many calls
 * fail with it, so pages handle only success. Calls marked `meta: { silent: true }` stay quiet
 * (their page says it another way), and so does a failed refresh of one marked
 * `meta: { quietRefresh: true }` that still shows what it loaded before (its page says it is not
 * updating: the live order lists, every 10 s while the server is down).
 */
export function createQueryClient(retry: number | false = 1): QueryClient {
  const report = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.silent) return;
    const message = errorMessage(error);
    toast.error(message, { id: message });
  };
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.quietRefresh && query.state.data !== undefined) return;
        report(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry },
      // A write is sent when asked, offline too, and fails there with "Could not reach the
      // store": TanStack's default holds it until the browser is online and then sends it, with
      // no word meanwhile. An order placed by itself minutes later, after the shopper gave up
      // and left the cart (and then placed it again), is the fault that default made here.
      mutations: { networkMode: "always" },
    },
  });
}

/**
 * How long a long list's pages stay cached once no page shows them (TanStack's default is 5
 * minutes): Back to a list left for a product's page or an edit comes back with every page that
 * was read, where the shopper or seller left it. A few hundred KB at most.
 */
export const LIST_KEPT_MS = 30 * 60_000;
