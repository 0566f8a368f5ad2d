import { useCallback, useEffect, useRef } from "react";

/**
 * A scheduler for reads that live events ask for: the first runs at once, later ones at most once
 * per `ms` (a call while one waits joins it), so a burst of events costs one read at its start and
 * one at its end. The waiting run is the one first asked for: it should read what it needs (refs)
 * when it runs. Cancelled on unmount.
 */
export function useAtMostEvery(ms: number): (run: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRun = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (run) => {
      if (timer.current !== undefined) return;
      const go = () => {
        timer.current = undefined;
        lastRun.current = Date.now();
        run();
      };
      const wait = lastRun.current + ms - Date.now();
      if (wait <= 0) go();
      else timer.current = setTimeout(go, wait);
    },
    [ms],
  );
}
