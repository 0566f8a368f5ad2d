import { Component, type ReactNode } from "react";
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
    if (this.state.reloading) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      return location.reload();
    }
    console.error("Unexpected Application Error!", error);
  }

  override render() {
    if (this.state.reloading) return null;
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
