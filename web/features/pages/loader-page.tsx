import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";

/** The return from online payment: a spinner, then /{next} after 5 seconds. */
export const LOADER_DELAY_MS = 5000;

export function LoaderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = params.get("next");
  useEffect(() => {
    if (!next || !/^[\w/-]+$/.test(next)) return;
    const timer = setTimeout(() => void navigate(`/${next.replace(/^\/+/, "")}`), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);
  return (
    <div
      className="flex h-[60vh] flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <div className="h-24 w-24 animate-spin rounded-full border-4 border-gray-300 border-t-primary" />
      <p className="text-gray-600">Confirming your payment…</p>
    </div>
  );
}
