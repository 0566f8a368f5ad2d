import { toast } from "../../../ui/toast";
import { Link, useLocation } from "react-router";
import { OPENED_FROM_LIST } from "./opened-from-list";
import type { Product } from "../../../../contract/product";
import { formatRupees } from "../../../../contract/money";
import { thumbnail } from "../../../ui/images";
import { useDeleteProduct } from "../api/product-changes";
import { StockBadge } from "./stock-badge";
import { StockSwitch } from "./stock-switch";

function Thumb({ product, size }: { product: Product; size: number }) {
  return (
    <img
      src={thumbnail(product.image[0])}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      className="shrink-0 rounded border object-contain"
      loading="lazy"
    />
  );
}

/** Edit link and Delete button, each at least 44 px tall on phones. */
function Actions({ product }: { product: Product }) {
  const remove = useDeleteProduct();
  // The list's filters go along, so that Save and Cancel there come back to the same list.
  const { search } = useLocation();
  const onDelete = () => {
    if (!window.confirm(`Delete ${product.name}?`)) return;
    remove.mutate(product._id, { onSuccess: (a) => toast.success(a.message) });
  };
  const action = "inline-flex min-h-11 items-center px-2 hover:underline sm:min-h-0 sm:px-0";
  return (
    <div className="flex gap-3 sm:gap-4">
      <Link
        to={`/seller/product-list/${product._id}${search}`}
        // Save and Cancel then go Back to this list, where the seller left it (edit-product-page).
        state={OPENED_FROM_LIST}
        className={`${action} text-primary`}
        aria-label={`Edit ${product.name}`}
      >
        Edit
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={remove.isPending}
        className={`${action} text-red-700 disabled:opacity-60`}
        aria-label={`Delete ${product.name}`}
      >
        Delete
      </button>
    </div>
  );
}

/** Wide screens: one row per product. */
export function ProductTable({ products }: { products: Product[] }) {
  const th = "px-4 py-3 font-semibold";
  return (
    <div
      className="max-w-4xl overflow-x-auto rounded-md border border-gray-500/20 bg-white"
      role="region"
      aria-label="Products"
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <thead className="text-gray-900">
          <tr>
            <th scope="col" className={th}>
              Product
            </th>
            <th scope="col" className={th}>
              Category
            </th>
            <th scope="col" className={th}>
              Selling Price
            </th>
            <th scope="col" className={th}>
              Stock
            </th>
            <th scope="col" className={th}>
              In Stock
            </th>
            <th scope="col" className={th}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="text-gray-600">
          {products.map((p) => (
            <tr key={p._id} className="border-t border-gray-500/20" data-scroll-anchor={p._id}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumb product={p} size={48} />
                  <span className="line-clamp-2">{p.name}</span>
                </div>
              </td>
              <td className="px-4 py-3">{p.category ?? "No category"}</td>
              <td className="px-4 py-3">{formatRupees(p.offerPrice)}</td>
              <td className="px-4 py-3">
                <div className="flex flex-col items-start gap-1">
                  <span className={p.stock === 0 ? "font-medium text-red-700" : undefined}>
                    {p.stock}
                  </span>
                  <StockBadge product={p} />
                </div>
              </td>
              <td className="px-2 py-1">
                <StockSwitch product={p} />
              </td>
              <td className="px-4 py-3">
                <Actions product={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per product, nothing clipped, every control at least 44 px. */
export function ProductCards({ products }: { products: Product[] }) {
  return (
    <ul className="space-y-3" aria-label="Products">
      {products.map((p) => (
        <li
          key={p._id}
          data-scroll-anchor={p._id}
          className="rounded-md border border-gray-500/20 bg-white p-3 text-sm text-gray-600"
        >
          <div className="flex gap-3">
            <Thumb product={p} size={56} />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-gray-900">{p.name}</p>
              <p>
                {p.category ?? "No category"} · {formatRupees(p.offerPrice)}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2">
                <span className={p.stock === 0 ? "font-medium text-red-700" : undefined}>
                  {p.stock} in stock
                </span>
                <StockBadge product={p} />
              </p>
            </div>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-gray-500/10 pt-2">
            <div className="flex items-center gap-1">
              <StockSwitch product={p} />
              <span aria-hidden="true">{p.inStock ? "On sale" : "Off sale"}</span>
            </div>
            <Actions product={p} />
          </div>
        </li>
      ))}
    </ul>
  );
}
