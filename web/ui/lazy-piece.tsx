import { lazy, useEffect, type ComponentType } from "react";
import { forgetChunkFailure, isChunkError } from "./error-boundary";

/**
 * A piece of the layout loaded on demand (its own chunk), outside every page's error boundary: a
 * chunk the browser could not fetch there would replace the whole store with the error page.
 * Offline, `StandIn` is drawn in the piece's place instead (given the same props, to say so or
 * to close it), and the next time the piece is drawn its chunk is asked for again: React.lazy
 * keeps a failed load for good. Online, a chunk that fails is most likely gone with a new
 * version: that error goes on to the app's boundary, which loads the page again.
 */
export function lazyPiece<P extends object>(
  load: () => Promise<ComponentType<P>>,
  StandIn: ComponentType<P>,
): ComponentType<P> {
  function Unreachable(props: P) {
    // A fresh load only once this is on screen: React draws the piece again as its load ends,
    // and one asked for then would fail again, and so on for as long as the browser is offline.
    useEffect(() => void (Piece = fresh()), []);
    return <StandIn {...props} />;
  }
  const fresh = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        if (navigator.onLine || !isChunkError(error)) throw error;
        // Offline says nothing of a new version: a later error must not reload the page.
        forgetChunkFailure();
        return { default: Unreachable };
      }
    });
  let Piece = fresh();
  return function LazyPiece(props: P) {
    return <Piece {...props} />;
  };
}
