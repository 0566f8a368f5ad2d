import { useCallback, useEffect, useRef } from "react";

/**
 * A scheduler for reads that live events ask for: the first runs at once, later ones at most once
 * per `ms` (a call while one waits joins it), so a burst of events costs one read at its start and
 * one at its end. The waiting run is the one first asked for: it should read what it needs (refs)
 * when it runs. A run still waiting when the component goes runs then (the seller opened another
 * page: what the events asked for is not lost).
 */
export function useAtMostEvery(ms: number): (run: () => void) => void {
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => void } | undefined>(
    undefined,
  );
  const lastRun = useRef(0);
  useEffect(
    () => () => {
      const left = waiting.current;
      if (!left) return;
      clearTimeout(left.timer);
      waiting.current = undefined;
      left.run();
    },
    [],
  );
  return useCallback(
    (run) => {
      if (waiting.current !== undefined) return;
      const go = () => {
        waiting.current = undefined;
        lastRun.current = Date.now();
        run();
      };
      const wait = lastRun.current + ms - Date.now();
      if (wait <= 0) go();
      else waiting.current = { timer: setTimeout(go, wait), run: go };
    },
    [ms],
  );
}
