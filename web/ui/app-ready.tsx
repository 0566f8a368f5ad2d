import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";

const AppReadyContext = createContext(true);

/** The performance mark set once the app runs the page (has drawn it, or taken it over). */
export const APP_READY_MARK = "app-ready";
/** The performance mark set once the pages a shopper opens next are loaded ahead (router.tsx). */
export const SHOPPING_PAGES_LOADED_MARK = "shopping-pages-loaded";

/**
 * Whether the app runs the page: false on the server and while the browser takes a server-drawn
 * page over, true once it has (at once on pages the browser draws itself). Controls of
 * server-drawn pages stay disabled until then, so that a tap before the app has loaded is never
 * silently lost (docs/decisions/015).
 *
 * The switch is a transition: every card and stepper on the page renders again to enable its
 * buttons, and as a transition React does that in short slices instead of one long task that
 * would hold a slow phone's main thread (an external store would force a synchronous render).
 */
export function AppReadyProvider({
  serverDrawn,
  children,
}: {
  serverDrawn: boolean;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(!serverDrawn);
  useEffect(() => {
    // Runs in the browser only, once the page has been taken over. The user timing is for
    // measurements (bench/page-speed.ts: did the app run during the run?).
    performance.mark(APP_READY_MARK);
    if (!ready) startTransition(() => setReady(true));
    // Only when the app starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <AppReadyContext value={ready}>{children}</AppReadyContext>;
}

export function useAppReady(): boolean {
  return useContext(AppReadyContext);
}

/**
 * `useAppReady` for a part of a server-drawn page whose code comes after the app has taken the
 * page over (below a lazy boundary, as the home page's lower part): it is hydrated then, and its
 * first render must match the server's (controls disabled), or React keeps the server's
 * `disabled` attribute for good. True from the render after it mounts, once the app runs the page.
 */
export function useAppReadyOnceHydrated(): boolean {
  const ready = useAppReady();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return ready && hydrated;
}
