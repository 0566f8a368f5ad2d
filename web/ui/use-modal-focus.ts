import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from "react";

/**
 * The focus of a modal dialog: it goes to `firstField` as the dialog opens (and again when
 * `shownAs` changes, a form that changed its fields), stays inside the dialog (Tab and Shift+Tab
 * go round, and focus that got out all the same is brought back), and goes back where it was when
 * the dialog closes. Escape calls `onClose`. Answers the dialog's ref and its `onKeyDown`.
 */
export function useModalFocus(
  firstField: RefObject<HTMLElement | null>,
  onClose: () => void,
  shownAs: unknown,
) {
  const dialog = useRef<HTMLDivElement>(null);

  // Focus goes back where it was when the dialog closes.
  useEffect(() => {
    const before = document.activeElement;
    return () => {
      // The Login button it came from is gone once signed in: the page's main part then.
      if (before instanceof HTMLElement && before.isConnected) before.focus();
      else document.getElementById("main")?.focus();
    };
  }, []);

  // Tab and Shift+Tab stay inside the dialog while it is open.
  const trapFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = dialog.current.querySelectorAll<HTMLElement>(
      "input, button, select, textarea, a[href]",
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  // Focus that got out all the same (a click on the page behind, or Tab after the browser dropped
  // it on the page) is brought back in.
  useEffect(() => {
    const keepIn = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target))
        firstField.current?.focus();
    };
    document.addEventListener("focusin", keepIn);
    return () => document.removeEventListener("focusin", keepIn);
  }, [firstField]);

  useEffect(() => {
    firstField.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shownAs, onClose, firstField]);

  return { dialog, trapFocus };
}
