import type { Product } from "../../../../contract/product";

/** "Sold out" (red) at 0 units, "Low stock · N left" (amber) at or below the reorder level. */
export function StockBadge({ product }: { product: Pick<Product, "stock" | "lowStockThreshold"> }) {
  const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap";
  if (product.stock <= 0)
    return <span className={`${badge} bg-red-100 text-red-800`}>Sold out</span>;
  if (product.stock <= product.lowStockThreshold)
    return (
      <span className={`${badge} bg-amber-100 text-amber-900`}>
        Low stock · {product.stock} left
      </span>
    );
  return null;
}
