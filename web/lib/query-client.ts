import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "../ui/toast";
import { ApiError } from "./api-client";

/** What a failed call tells the shopper: the server's message, or a plain fallback. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

/**
 * What a write declares it makes stale (architecture.md rule 13), as keys of query-keys.ts; the
 * mutation cache invalidates them (`invalidateDeclared`), so no write calls `invalidateQueries`
 * for them itself:
 *  - `invalidates`: once it succeeded (most writes: what they changed);
 *  - `invalidatesOnError`: once it failed (a refused move or cancel: the order changed elsewhere
 *    meanwhile, and the lists show where it is now);
 *  - `invalidatesWhenSettled`: either way (the seller's product writes: a write whose answer was
 *    lost may have been made all the same).
 * They are invalidated after the mutation's own `onSuccess`/`onError` (which may put the answer
 * into the cache first) and before `mutateAsync` settles, which waits for the queries on screen to
 * be read again. A write whose invalidation depends on its answer (a seller's move of an order)
 * keeps that part in its own `onSuccess`, with the same keys.
 */
export type MutationMeta = {
  /** Its failure shows no toast: its page says it another way. */
  silent?: boolean;
  invalidates?: readonly QueryKey[];
  invalidatesOnError?: readonly QueryKey[];
  invalidatesWhenSettled?: readonly QueryKey[];
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** Invalidates what a write's `meta` declares for how it ended (see MutationMeta). */
function invalidateDeclared(client: QueryClient, meta: MutationMeta | undefined, failed: boolean) {
  const keys = [
    ...((failed ? meta?.invalidatesOnError : meta?.invalidates) ?? []),
    ...(meta?.invalidatesWhenSettled ?? []),
  ];
  if (keys.length === 0) return;
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
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
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.quietRefresh && query.state.data !== undefined) return;
        report(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
      // After the mutation's own onSuccess or onError, which TanStack runs before this one.
      onSettled: (_data, error, _variables, _context, mutation) =>
        invalidateDeclared(client, mutation.meta, error !== null),
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
  return client;
}

/**
 * How long a long list's pages stay cached once no page shows them (TanStack's default is 5
 * minutes): Back to a list left for a product's page or an edit comes back with every page that
 * was read, where the shopper or seller left it. A few hundred KB at most.
 */
export const LIST_KEPT_MS = 30 * 60_000;
