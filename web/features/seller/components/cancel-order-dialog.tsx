import { useId, useRef, useState, type FormEvent } from "react";
import type { Order } from "../../../../contract/order";
import {
  cancelReasons,
  MAX_CANCEL_NOTE,
  type CancelReason,
} from "../../../../contract/order-status";
import { ModalDialog } from "../../../ui/modal-dialog";
import { cancelReasonChoices, orderNumber } from "../../../ui/order-words";

/**
 * The seller's Cancel asks why, in a dialog: one of the reasons (the shopper is told it in a
 * sentence) and a note for the shopper, which "Another reason" needs. `onCancel` gets them once
 * the seller confirms; `onClose` when they keep the order.
 */
export function CancelOrderDialog({
  order,
  onCancel,
  onClose,
}: {
  order: Order;
  onCancel: (why: { reason: CancelReason; note?: string }) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | undefined>(undefined);
  const [note, setNote] = useState("");
  const [mistake, setMistake] = useState<"reason" | "note" | undefined>(undefined);
  const firstChoice = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMistake("reason");
      firstChoice.current?.focus();
      return;
    }
    if (reason === "other" && !note.trim()) {
      setMistake("note");
      noteField.current?.focus();
      return;
    }
    onCancel({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  const unpaid = order.status === "Awaiting Payment";
  return (
    <ModalDialog
      title={`Cancel order #${orderNumber(order._id)}?`}
      description={
        unpaid
          ? "Its hold ends and its stock goes back on the shelf; its payment page is closed. The shopper is told why."
          : "Its stock goes back on the shelf, and the shopper is told why."
      }
      initialFocus={firstChoice}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4 text-sm">
        <fieldset
          aria-describedby={mistake === "reason" ? `${id}-reason-error` : undefined}
          className="flex flex-col gap-1"
        >
          <legend className="mb-1 font-medium text-gray-800">Why is it cancelled?</legend>
          {cancelReasons.map((choice, i) => (
            <label key={choice} className="flex min-h-11 items-center gap-3">
              <input
                ref={i === 0 ? firstChoice : undefined}
                type="radio"
                name={`${id}-reason`}
                value={choice}
                checked={reason === choice}
                onChange={() => {
                  setReason(choice);
                  setMistake(undefined);
                }}
                className="h-5 w-5 accent-primary"
              />
              {cancelReasonChoices[choice]}
            </label>
          ))}
          {mistake === "reason" && (
            <p id={`${id}-reason-error`} className="text-red-700">
              Choose why the order is cancelled.
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium text-gray-800">
            Note for the shopper
          </label>
          <textarea
            ref={noteField}
            id={`${id}-note`}
            rows={3}
            maxLength={MAX_CANCEL_NOTE}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              if (mistake === "note") setMistake(undefined);
            }}
            placeholder="We are sorry: the mangoes ran out this morning."
            aria-invalid={mistake === "note"}
            aria-describedby={`${id}-note-hint${mistake === "note" ? ` ${id}-note-error` : ""}`}
            className="resize-none rounded border border-gray-500/40 px-3 py-2 outline-none focus:border-primary aria-invalid:border-red-600"
          />
          <p id={`${id}-note-hint`} className="text-xs text-gray-500">
            Optional, at most {MAX_CANCEL_NOTE} characters; needed for another reason.
          </p>
          {mistake === "note" && (
            <p id={`${id}-note-error`} className="text-red-700">
              Say in the note why the order is cancelled: the shopper reads it.
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded border border-gray-300 px-4 hover:bg-gray-50"
          >
            Keep order
          </button>
          <button
            type="submit"
            className="min-h-11 rounded bg-red-600 px-4 font-medium text-white hover:bg-red-700"
          >
            Cancel order
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
