import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "../../../ui/toast";
import { MAX_LENGTH } from "../../../../contract/field-lengths";
import { MAX_STOCK } from "../../../../contract/limits";
import type { Product } from "../../../../contract/product";
import { ApiError } from "../../../lib/api-client";
import { useRestock } from "../api/product-changes";

const units = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** Why `text` is not a quantity the server takes, in plain words; undefined when it is. */
export function restockQuantityProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[-+]?\d+$/.test(trimmed) || Number(trimmed) === 0)
    return "Enter a whole number other than 0: 12 adds 12 units, -3 removes 3.";
  if (Math.abs(Number(trimmed)) > MAX_STOCK)
    return `Enter at most ${MAX_STOCK.toLocaleString("en-IN")} units at a time.`;
  return undefined;
}

/**
 * Adds units (or, negative, removes them) as a change from whatever the stock is now, so that
 * orders taking units meanwhile are not overwritten. The server refuses to go below zero (409);
 * its message is shown at the field.
 */
export function RestockForm({
  product,
  onRestocked,
}: {
  product: Product;
  onRestocked: (product: Product) => void;
}) {
  const restock = useRestock();
  const [quantity, setQuantity] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string>();
  const quantityRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (restock.isPending) return;
    const found = restockQuantityProblem(quantity);
    setProblem(found);
    if (found) return quantityRef.current?.focus();
    const change = Number(quantity.trim());
    restock.mutate(
      { id: product._id, quantity: change, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (answer) => {
          const done = change > 0 ? `Added ${units(change)}` : `Removed ${units(-change)}`;
          // The seller switched it off, and a restock leaves it so.
          if (answer.product.switchedOff && answer.product.stock > 0)
            toast(`${done}. Still off sale: switch it on to sell it.`);
          else toast.success(done);
          setQuantity("");
          setNote("");
          onRestocked(answer.product);
        },
        // Also said next to the field (the toast comes from the mutation cache).
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          setProblem(error.message);
          quantityRef.current?.focus();
        },
      },
    );
  };

  const input =
    "w-full rounded border border-gray-500/40 px-3 py-2.5 outline-none focus:border-primary aria-invalid:border-red-600";
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-3"
    >
      <h3 id={`${id}-title`} className="text-base font-medium">
        Restock
      </h3>
      <p className="text-sm text-gray-600">
        In stock now: <strong className="font-medium text-gray-900">{units(product.stock)}</strong>
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-quantity`}>Quantity</label>
          <input
            ref={quantityRef}
            id={`${id}-quantity`}
            type="number"
            step="1"
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setProblem(undefined);
            }}
            aria-invalid={Boolean(problem)}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
            className={input}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input
            id={`${id}-note`}
            value={note}
            maxLength={MAX_LENGTH.stockNote}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Delivery from the farm"
            className={input}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        A positive number adds units, a negative one removes them (spoilt, lost).
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <button
        aria-disabled={restock.isPending}
        aria-busy={restock.isPending}
        className="min-h-11 rounded bg-primary px-6 font-medium text-white hover:bg-primary-dull aria-disabled:opacity-60"
      >
        {restock.isPending ? "Restocking…" : "Restock"}
      </button>
    </form>
  );
}
