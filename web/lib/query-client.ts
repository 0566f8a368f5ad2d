import { QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "../ui/toast";

/**
 * The app's server-state cache. A failed load says why in a toast (store-spec.md 8), once per
 * message however many queries fail with it; queries marked `meta: { silent: true }` stay quiet.
 */
export function createQueryClient(retry: number | false = 1): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        const message = error instanceof Error ? error.message : "Something went wrong";
        toast.error(message, { id: message });
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry },
    },
  });
}
