import { useSyncExternalStore, type ReactNode } from "react";

/**
 * The app's toasts (store-spec.md section 9): success for 2 s, errors and notices for 4 s, at most
 * 20 at once (the oldest leave first). Bottom-center rather than the spec's top-center, so that
 * they never cover the navbar or a page's heading (Toaster). A toast given an `id` replaces the one with
 * that id, so the same message never stacks. Small on purpose: it is in every page's first
 * JavaScript.
 */
export type ToastKind = "success" | "error" | "notice";

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  icon?: ReactNode;
}

export interface ToastOptions {
  id?: string;
  /** In place of the kind's mark: an inline SVG icon (not an emoji, which a phone without an
   * emoji font shows as a box). */
  icon?: ReactNode;
  duration?: number;
}

const DURATION_MS: Record<ToastKind, number> = { success: 2000, error: 4000, notice: 4000 };
export const MAX_TOASTS = 20;

let shown: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function publish(next: Toast[]) {
  shown = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const others = shown.filter((t) => t.id !== id);
  const next = [...others, { id, kind, message, icon: options.icon }];
  for (const gone of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) stopTimer(gone.id);
  publish(next.slice(-MAX_TOASTS));
  stopTimer(id);
  timers.set(
    id,
    setTimeout(() => dismiss(id), options.duration ?? DURATION_MS[kind]),
  );
  return id;
}

function stopTimer(id: string) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Takes away the toast `id`, or every toast. */
function dismiss(id?: string) {
  if (id === undefined) {
    for (const key of [...timers.keys()]) stopTimer(key);
    publish([]);
    return;
  }
  stopTimer(id);
  if (shown.some((t) => t.id === id)) publish(shown.filter((t) => t.id !== id));
}

export const toast = Object.assign(
  (message: string, options?: ToastOptions) => show("notice", message, options),
  {
    success: (message: string, options?: ToastOptions) => show("success", message, options),
    error: (message: string, options?: ToastOptions) => show("error", message, options),
    dismiss,
  },
);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: Toast[] = [];
const noToasts = () => none;

export function useToasts(): Toast[] {
  // On the server (a page's first screen) no toast is showing.
  return useSyncExternalStore(subscribe, () => shown, noToasts);
}

const kindStyle: Record<ToastKind, string> = {
  success: "text-primary-dull",
  error: "text-red-700",
  notice: "text-gray-700",
};
const kindMark: Record<ToastKind, string> = { success: "✓", error: "!", notice: "i" };

/**
 * Where the toasts appear: at the bottom of the screen, the newest lowest, so that they cover
 * neither the navbar nor the page's heading; on a phone above the cart's Place Order bar (its
 * height and a little more). Each is announced politely as it arrives. `children` sit under them
 * (the seller area's offline notice), so that the two never overlap.
 */
export function Toaster({ children }: { children?: ReactNode }) {
  const toasts = useToasts();
  return (
    <div
      data-testid="toasts"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex flex-col items-center gap-2 px-4 md:bottom-6"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role="status"
          aria-live="polite"
          className="toast-in pointer-events-auto flex max-w-md items-start gap-2.5 rounded-lg bg-white px-4 py-3 text-sm text-gray-800 shadow-lg ring-1 ring-black/5"
        >
          <span
            aria-hidden="true"
            className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-current/10 text-xs font-bold ${kindStyle[t.kind]}`}
          >
            {t.icon ?? kindMark[t.kind]}
          </span>
          <p>{t.message}</p>
        </div>
      ))}
      {children}
    </div>
  );
}
