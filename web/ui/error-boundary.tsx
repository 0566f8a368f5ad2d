import { Component, useEffect, type ReactNode } from "react";
import { ErrorPage } from "./error-page";

/**
 * A chunk failed to load since the page started (Vite's `vite:preloadError`, which main.tsx
 * passes on): most likely a new version of the store was deployed and this page's chunks are
 * gone from the server.
 */
let chunkFailed = false;
export const noteChunkFailure = () => void (chunkFailed = true);
/**
 * A chunk loaded ahead, not for a page being shown, failed (router.tsx's idle preload, on a
 * network that blinked): that alone says nothing of a new version, and a later error of another
 * kind should show the error page rather than reload. A page whose chunk is truly gone fails
 * again when it is opened, and notes it then.
 */
export const forgetChunkFailure = () => void (chunkFailed = false);

const RELOADED_AT = "greencart.reloadedAt";
/**
 * Whether the error is best met by loading the page again, new: a chunk failed, the browser is
 * online (offline, the browser's own page would replace the store's), and the page was not
 * loaded again for that in the last minute (a chunk truly missing must not loop).
 */
const reloadCures = () =>
  chunkFailed &&
  navigator.onLine &&
  Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) > 60_000;

/** Loads the page again for a chunk gone with a new version, noting when (see `reloadCures`). */
function reloadForNewVersion(): void {
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  location.reload();
}

/**
 * Any render error shows the spec's router error page instead of a blank screen; one caused by a
 * chunk gone after a new version loads the page again instead (nothing is drawn meanwhile).
 */
export class ErrorBoundary extends Component<
  { children: ReactNode },
  { failed: boolean; reloading: boolean }
> {
  override state = { failed: false, reloading: false };

  static getDerivedStateFromError() {
    return { failed: true, reloading: reloadCures() };
  }

  override componentDidCatch(error: unknown) {
    if (this.state.reloading) return reloadForNewVersion();
    console.error("Unexpected Application Error!", error);
  }

  override render() {
    if (this.state.reloading) return null;
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}

/**
 * Whether an error is a page's (or a piece of the layout's) code that could not be fetched (a
 * chunk, or a stylesheet Vite loads with it), as browsers and Vite word it: the error itself, not
 * that some chunk failed earlier (a bug while offline must still show the error page).
 */
export const isChunkError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload/i.test(
    error.message,
  );

interface PageErrorState {
  failed: boolean;
  reloading: boolean;
  unreachable: boolean;
  /** The `resetKey` the error happened at: another one tries again. */
  failedAt: string | null;
}
const noError: PageErrorState = {
  failed: false,
  reloading: false,
  unreachable: false,
  failedAt: null,
};

/**
 * A page's own errors, in the page's place: the navbar, the cart and Back keep working, and a new
 * page (`resetKey`, the location's key: another path, another search, Back or Forward) tries
 * again. A chunk gone after a new version loads the page again, as `ErrorBoundary` does; a chunk
 * that could not come because the browser is offline says so and loads the page again once it is
 * back online (or on "Try again"); any other error, a chunk still missing after a load again
 * included, shows the spec's error page there.
 */
export class PageErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  PageErrorState
> {
  override state = noError;

  static getDerivedStateFromError(error: unknown): Partial<PageErrorState> {
    const reloading = reloadCures();
    return {
      failed: true,
      reloading,
      unreachable: !reloading && !navigator.onLine && isChunkError(error),
    };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: PageErrorState,
  ): Partial<PageErrorState> | null {
    if (!state.failed) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return props.resetKey === state.failedAt ? null : noError;
  }

  override componentDidCatch(error: unknown) {
    if (this.state.reloading) return reloadForNewVersion();
    if (!this.state.unreachable) console.error("Unexpected Application Error!", error);
  }

  override render() {
    if (this.state.reloading) return null;
    if (this.state.unreachable) return <PageUnreachable />;
    return this.state.failed ? <ErrorPage inPage /> : this.props.children;
  }
}

/** A page whose code could not come: says so, and loads it again once the browser is online. */
function PageUnreachable() {
  useEffect(() => {
    const reload = () => location.reload();
    // Online again before this was drawn: no "online" event is coming.
    if (navigator.onLine) return reload();
    window.addEventListener("online", reload);
    return () => window.removeEventListener("online", reload);
  }, []);
  return (
    <section className="flex flex-col items-center gap-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold text-gray-800">This page could not load</h1>
      <p className="max-w-sm text-gray-600">
        Check your connection. The page loads by itself once you are back online.
      </p>
      <button
        type="button"
        onClick={() => location.reload()}
        className="min-h-11 rounded bg-primary px-6 py-2 text-white hover:bg-primary-dull"
      >
        Try again
      </button>
    </section>
  );
}
