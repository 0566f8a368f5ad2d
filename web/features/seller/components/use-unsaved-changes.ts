import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { parsePath, UNSAFE_NavigationContext, useLocation, type To } from "react-router";

export const LEAVE_QUESTION = "Leave without saving your changes?";

/** The checks of the pages now guarding unsaved changes (one at most: the page shown). */
const guards = new Set<() => boolean>();

/**
 * Asks, as leaving by a link would, whether the seller may leave the page: true at once when
 * nothing is unsaved. For what leaves without a navigation first, such as Logout, which ends the
 * session before it goes to the home page.
 */
export function mayLeaveUnsavedPage(): boolean {
  for (const mayLeave of guards) if (!mayLeave()) return false;
  return true;
}

/** What is read of the Navigation API's navigate event (not in TypeScript's DOM types yet). */
interface NavigateEvent extends Event {
  navigationType: "push" | "replace" | "reload" | "traverse";
  destination: { url: string };
}

/**
 * Asks before the seller leaves a page that holds changes not saved: a link or a navigation of the
 * app (a window.confirm), the browser's Back and Forward (the same question, where the browser has
 * the Navigation API and lets a page cancel a traversal: Chrome since 123, Firefox 147 and Safari
 * 26.2; older browsers go unasked), and closing or reloading the tab (the browser's own prompt, on
 * `beforeunload`).
 * Nothing is asked while everything is saved. What leaves otherwise (Logout) asks first through
 * `mayLeaveUnsavedPage`.
 *
 * Returns `setUnsaved(part, unsaved)`: each part of the page (a form, the photos) says whether it
 * holds changes; a part just saved says so before it navigates, and its navigation then goes on
 * unasked unless another part still holds changes.
 *
 * Not React Router's useBlocker: it needs a data router, which would add about 17 KB (gzipped) to
 * the storefront's entry, past its budget (scripts/check-bundle-budgets.mjs). The app's navigator
 * is guarded instead, and Back and Forward through the Navigation API.
 */
export function useUnsavedChanges(): (part: string, unsaved: boolean) => void {
  // Read when the seller leaves, so that a save followed at once by a navigation counts.
  const parts = useRef(new Set<string>());
  const [guarding, setGuarding] = useState(false);
  const setUnsaved = useCallback((part: string, unsaved: boolean) => {
    if (unsaved) parts.current.add(part);
    else parts.current.delete(part);
    setGuarding(parts.current.size > 0);
  }, []);
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!guarding) return;
    // Once the seller chose to leave, the changes are given up: the navigation that follows (Logout
    // asks before it signs out, then goes home) is not asked about again.
    const mayLeave = () => {
      if (parts.current.size === 0) return true;
      if (!window.confirm(LEAVE_QUESTION)) return false;
      parts.current.clear();
      return true;
    };
    guards.add(mayLeave);
    const leaves = (to: To) =>
      ((typeof to === "string" ? parsePath(to) : to).pathname ?? pathname) !== pathname;

    // Links and navigate() of the app go through the router's navigator: it asks first. Its own
    // methods are put back as they were once everything is saved or the page is left.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = { push: navigator.push, replace: navigator.replace };
    const push = navigator.push.bind(navigator);
    const replace = navigator.replace.bind(navigator);
    navigator.push = (to, ...rest) => {
      if (!leaves(to) || mayLeave()) push(to, ...rest);
    };
    navigator.replace = (to, ...rest) => {
      if (!leaves(to) || mayLeave()) replace(to, ...rest);
    };

    // Back and Forward within the app: the Navigation API's navigate event comes before the
    // popstate the router acts on (and React redraws at once), and may be cancelled.
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const onTraverse = (event: Event) => {
      const { navigationType, destination } = event as NavigateEvent;
      if (navigationType !== "traverse" || !event.cancelable) return;
      if (new URL(destination.url).pathname === pathname || mayLeave()) return;
      event.preventDefault();
    };
    navigation?.addEventListener("navigate", onTraverse);

    // Closing or reloading the tab, and links out of the app.
    const onUnload = (event: BeforeUnloadEvent) => {
      if (parts.current.size === 0) return;
      event.preventDefault();
      // Older browsers show their prompt only when this is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onUnload);

    return () => {
      guards.delete(mayLeave);
      navigator.push = original.push;
      navigator.replace = original.replace;
      navigation?.removeEventListener("navigate", onTraverse);
      window.removeEventListener("beforeunload", onUnload);
    };
  }, [guarding, navigator, pathname]);

  return setUnsaved;
}
