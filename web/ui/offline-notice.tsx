import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const subscribe = (changed: () => void) => onlineManager.subscribe(changed);

/**
 * Says, while the browser has no connection, that the store cannot be reached: otherwise a page
 * waiting for its data shows its placeholders without a word. Read from TanStack Query's
 * `onlineManager`, which holds those reads while offline and sends them once the connection is
 * back, so the notice shows exactly while they wait. Where it shows is its caller's (`className`):
 * it takes no room of the page, so nothing on the page moves when it comes or goes.
 */
export function OfflineNotice({ className }: { className: string }) {
  const online = useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
  if (online) return null;
  return (
    <p role="status" className={`bg-gray-900 text-center text-white ${className}`}>
      You are offline. The store will load again once you are connected.
    </p>
  );
}
