import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const subscribe = (changed: () => void) => onlineManager.subscribe(changed);

/**
 * Says, while the browser has no connection, that the store cannot be reached: otherwise a page
 * waiting for its data shows its placeholders without a word. Read from TanStack Query's
 * `onlineManager`, which holds those reads while offline and sends them once the connection is
 * back, so the notice shows exactly while they wait. Above the page, near the bottom of the
 * screen and clear of the phone cart's bar, so nothing on the page moves when it comes or goes.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
  if (online) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-4 bottom-24 z-[55] mx-auto w-fit rounded-full bg-gray-900 px-4 py-2 text-center text-sm text-white shadow-lg md:bottom-6"
    >
      You are offline. The store will load again once you are connected.
    </p>
  );
}
