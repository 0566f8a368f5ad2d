import type { Product } from "../../../../contract/product";
import { useToggleStock } from "../api";

/**
 * The on-sale switch of a product: a checkbox named "<name> in stock", drawn as a switch with a
 * 44 px tap area. The list is refetched after each change.
 */
export function StockSwitch({ product }: { product: Product }) {
  const toggle = useToggleStock();
  return (
    <label
      className={`relative inline-flex min-h-11 min-w-11 items-center justify-center ${toggle.isPending ? "cursor-wait" : "cursor-pointer"}`}
    >
      <input
        type="checkbox"
        className="peer sr-only"
        checked={product.inStock}
        // Not `disabled` while the change is sent: the browser would drop the focus to the body.
        // A press meanwhile does nothing (the box stays as the server has it).
        aria-disabled={toggle.isPending}
        aria-busy={toggle.isPending}
        aria-label={`${product.name} in stock`}
        onChange={() => {
          if (toggle.isPending) return;
          toggle.mutate({ id: product._id, inStock: !product.inStock });
        }}
      />
      <span className="h-7 w-12 rounded-full bg-slate-300 transition peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 peer-aria-disabled:opacity-60" />
      <span className="pointer-events-none absolute top-1/2 left-1 h-5 w-5 -translate-y-1/2 rounded-full bg-white transition peer-checked:translate-x-5" />
    </label>
  );
}
