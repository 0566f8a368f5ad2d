import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { onSessionRefused } from "./api-client";
import { sessionKey } from "./query-keys";

/**
 * When the store (store.tsx) asks again whose session this tab shows: a call refused for want of
 * a session (it ended: expired, or signed out elsewhere), and a return to the tab (the session may
 * have ended, and the cart changed on another device) while it shows a shopper (`shown`), the
 * seller (`sellerShown`), or no check has answered yet (`answered`: the first failed, offline).
 * Answers `recheck`, to ask at other times (another tab signed in or out), and `checkSent`, when
 * it last asked.
 */
export function useSessionRecheck({
  shown,
  sellerShown,
  answered,
}: {
  shown: RefObject<string | undefined>;
  sellerShown: RefObject<boolean>;
  answered: RefObject<boolean>;
}) {
  const queryClient = useQueryClient();
  // When this tab last asked again whose session it is (another tab, a refused call, a return).
  const checkSent = useRef(0);
  const recheck = useCallback(() => {
    checkSent.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: sessionKey });
  }, [queryClient]);
  // A call refused for want of a session: it ended (expired, or signed out elsewhere).
  useEffect(
    () =>
      onSessionRefused(() => {
        recheck();
        return Boolean(shown.current) || sellerShown.current;
      }),
    [recheck, shown, sellerShown],
  );
  // Back to this tab: the session may have ended, and the cart changed on another device.
  useEffect(() => {
    const back = () => {
      // A visitor's tab too while no check has answered yet (the first failed: offline).
      if (
        document.visibilityState === "visible" &&
        (shown.current || sellerShown.current || !answered.current)
      )
        recheck();
    };
    document.addEventListener("visibilitychange", back);
    return () => document.removeEventListener("visibilitychange", back);
  }, [recheck, shown, sellerShown, answered]);
  return { recheck, checkSent };
}
