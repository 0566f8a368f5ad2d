import type { Product } from "../../../../contract/product";

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/**
 * "Switched off" (grey) when the seller took the product off sale, which a restock does not undo;
 * "Sold out" (red) at 0 units, "Low stock · N left" (amber) at or below the reorder level.
 */
export function StockBadge({
  product,
}: {
  product: Pick<Product, "stock" | "lowStockThreshold" | "switchedOff">;
}) {
  const level =
    product.stock <= 0 ? (
      <span className={`${badge} bg-red-100 text-red-800`}>Sold out</span>
    ) : product.stock <= product.lowStockThreshold ? (
      <span className={`${badge} bg-amber-100 text-amber-900`}>
        Low stock · {product.stock} left
      </span>
    ) : null;
  if (!product.switchedOff) return level;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`${badge} bg-gray-200 text-gray-800`}>Switched off</span>
      {level}
    </span>
  );
}
