import { useEffect, useId } from "react";
import type { Product } from "../../../../contract/product";
import { ApiError } from "../../../lib/api-client";
import { useToggleStock } from "../api/product-changes";

/**
 * The on-sale switch of a product: a checkbox drawn as a switch with a 44 px tap area. The
 * product's queries are refetched after each change. In a list it is named "<name> in stock";
 * given a `label`, that label shows beside it and names it, and the server's refusal (switching on
 * with no units) is said under it as well as in the toast.
 */
export function StockSwitch({ product, label }: { product: Product; label?: string }) {
  const toggle = useToggleStock();
  const problemId = useId();
  // A refusal is about the count it was refused at: a restock since makes it old news.
  const { reset } = toggle;
  useEffect(() => reset(), [product.stock, reset]);
  const problem =
    label && toggle.error instanceof ApiError && !toggle.isPending ? toggle.error.message : null;
  const control = (
    <>
      <input
        type="checkbox"
        className="peer sr-only"
        checked={product.inStock}
        // Not `disabled` while the change is sent: the browser would drop the focus to the body.
        // A press meanwhile does nothing (the box stays as the server has it).
        aria-disabled={toggle.isPending}
        aria-busy={toggle.isPending}
        aria-label={label ? undefined : `${product.name} in stock`}
        aria-describedby={problem ? problemId : undefined}
        onChange={() => {
          if (toggle.isPending) return;
          toggle.mutate({ id: product._id, inStock: !product.inStock });
        }}
      />
      <span className="h-7 w-12 rounded-full bg-slate-300 transition peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 peer-aria-disabled:opacity-60" />
      <span className="pointer-events-none absolute top-1/2 left-1 h-5 w-5 -translate-y-1/2 rounded-full bg-white transition peer-checked:translate-x-5" />
    </>
  );
  const cursor = toggle.isPending ? "cursor-wait" : "cursor-pointer";
  if (!label)
    return (
      <label
        className={`relative inline-flex min-h-11 min-w-11 items-center justify-center ${cursor}`}
      >
        {control}
      </label>
    );
  return (
    <div className="space-y-1">
      <label className={`inline-flex min-h-11 items-center gap-3 ${cursor}`}>
        <span className="relative inline-flex items-center">{control}</span>
        <span className="font-medium text-gray-900">{label}</span>
      </label>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
