import { useLayoutEffect, useRef } from "react";
import type { Product } from "../../../../contract/product";
import { useToggleStock } from "../api/product-changes";
import { RestockForm } from "./restock-form";
import { StockBadge } from "./stock-badge";
import { StockSwitch } from "./stock-switch";

/**
 * A product's stock controls in one box: how it stands (its badge), the on-sale switch and the
 * restock form with the count. The edit page shows it first, so that a phone reaches it at once.
 */
export function StockPanel({
  product,
  onRestocked,
}: {
  product: Product;
  onRestocked: (product: Product) => void;
}) {
  return (
    <section
      aria-labelledby="stock-panel-title"
      className="grid gap-4 rounded-md border border-gray-500/20 p-4 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] lg:gap-8"
    >
      {/* A row over the form on a phone, a column beside it on a wide screen. */}
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 lg:flex-col lg:items-start lg:justify-start">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="stock-panel-title" className="text-base font-medium">
            Stock and sale
          </h2>
          <StockBadge product={product} />
        </div>
        <StockSwitch product={product} label="On sale" />
        <AfterRestock product={product} />
      </div>
      <RestockForm product={product} onRestocked={onRestocked} />
    </section>
  );
}

/**
 * What a restock will do to a product with no units. Sold out, its switch shows off, yet units
 * coming in put it back on sale: the seller who wants it kept off (a batch to check, a price to
 * change) can say so now, which is `POST /api/product/stock` with `inStock: false`. Switched off,
 * it says the restock will not put it on sale. When the button's change lands, the focus moves to
 * the line that replaces it, in the same commit (not to the page between two), and is read out.
 */
function AfterRestock({ product }: { product: Product }) {
  const toggle = useToggleStock();
  const line = useRef<HTMLParagraphElement>(null);
  const focusLine = useRef(false);
  useLayoutEffect(() => {
    if (!product.switchedOff || !focusLine.current) return;
    focusLine.current = false;
    line.current?.focus();
  }, [product.switchedOff]);
  if (product.stock > 0 && !product.switchedOff) return null;
  return (
    <p ref={line} tabIndex={-1} className="text-sm text-gray-600 lg:max-w-56">
      {product.switchedOff ? (
        "A restock keeps it off sale until you switch it on."
      ) : (
        <>
          A restock puts it back on sale.{" "}
          <button
            type="button"
            className="min-h-11 font-medium text-primary underline underline-offset-2 aria-disabled:cursor-wait"
            aria-disabled={toggle.isPending}
            onClick={() => {
              if (toggle.isPending) return;
              focusLine.current = true;
              toggle.mutate(
                { id: product._id, inStock: false },
                {
                  onError: () => {
                    focusLine.current = false;
                  },
                },
              );
            }}
          >
            Keep it off sale
          </button>
        </>
      )}
    </p>
  );
}
