/** What a list shows when it could not be loaded: not an empty list, and a way to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-10 flex flex-col items-center gap-3 text-center">
      <p className="text-gray-700">Could not load {what}. Check your connection and try again.</p>
      <button
        onClick={onRetry}
        className="rounded border border-primary px-6 py-2 text-primary hover:bg-primary/10"
      >
        Try again
      </button>
    </div>
  );
}
