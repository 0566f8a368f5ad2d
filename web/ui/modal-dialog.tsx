import { useId, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useModalFocus } from "./use-modal-focus";

/**
 * A question asked over the page, in place of the browser's `confirm`: a modal dialog named by
 * `title` and described by `description`, drawn at the end of the body (so that no card's layout
 * or containment clips it). The focus goes to `initialFocus` as it opens, stays inside, and goes
 * back where it was when it closes; Escape and a press beside it call `onClose`.
 */
export function ModalDialog({
  title,
  description,
  initialFocus,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  initialFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialog, trapFocus } = useModalFocus(initialFocus, onClose, title);
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-4 sm:items-center"
      onClick={onClose}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={trapFocus}
        onClick={(e) => e.stopPropagation()}
        className="max-h-full w-full max-w-md overflow-y-auto rounded-lg bg-white p-6 text-left text-gray-700 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-medium text-gray-800">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm text-gray-600">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
