import type { Product } from "../../../../contract/product";
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
      </div>
      <RestockForm product={product} onRestocked={onRestocked} />
    </section>
  );
}
