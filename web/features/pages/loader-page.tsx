import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { usePageTitle } from "../../ui/page-title";

/** The return from online payment: a spinner, then /{next} after 5 seconds. */
export const LOADER_DELAY_MS = 5000;

/** `next` as a path inside the store, or undefined when missing or not a plain store path. */
function destination(next: string | null): string | undefined {
  if (!next || !/^[\w/-]+$/.test(next)) return undefined;
  return `/${next.replace(/^\/+/, "")}`;
}

export function LoaderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = destination(params.get("next"));
  usePageTitle(to ? "Confirming your payment" : "Nothing to wait for");
  useEffect(() => {
    if (!to) return;
    // In place of the loader: Back from the next page must not land here and be sent on again.
    const timer = setTimeout(() => void navigate(to, { replace: true }), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [to, navigate]);
  if (!to)
    // Nowhere to go on to: say so instead of spinning for ever.
    return (
      <div className="flex h-[60vh] flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-xl font-medium text-gray-800">Nothing to wait for here</h1>
        <p className="text-gray-600">If you just paid, your order is in My Orders.</p>
        <div className="flex gap-3">
          <Link
            to="/my-orders"
            className="flex min-h-11 items-center rounded bg-primary px-6 text-white"
          >
            My Orders
          </Link>
          <Link
            to="/"
            className="flex min-h-11 items-center rounded border border-primary px-6 text-primary-dull"
          >
            Home
          </Link>
        </div>
      </div>
    );
  return (
    <div
      className="flex h-[60vh] flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <div className="h-24 w-24 animate-spin rounded-full border-4 border-gray-300 border-t-primary" />
      <h1 className="text-gray-600">Confirming your payment…</h1>
    </div>
  );
}
