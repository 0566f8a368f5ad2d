import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False on the server and while the browser takes a server-drawn page over; true once the app
 * runs (at once on pages the browser draws itself). Controls of server-drawn pages stay disabled
 * until then, so that a tap before the app has loaded is never silently lost
 * (docs/decisions/015).
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
