/**
 * Runs `task` once the page has loaded and the browser is idle: with `requestIdleCallback` where
 * there is one (at the latest 5 s after load), else (Safari) 2 s after load. For work the page
 * does not need now but its next steps will: nothing of it competes with the first screen.
 */
export function whenIdle(task: () => void): void {
  const schedule = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 5_000 });
    else setTimeout(task, 2_000);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
}
