import { useEffect } from "react";

/**
 * Names the browser tab after the page ("Fresh Tomato | GreenCart"), so that tabs, history and
 * screen readers tell pages apart (WCAG 2.4.2); the name the page came with comes back when it
 * goes. Only pages loaded on demand use it: home keeps index.html's name, and the first
 * JavaScript does not carry this. Undefined (still loading) leaves the name as it is.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} | GreenCart`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
