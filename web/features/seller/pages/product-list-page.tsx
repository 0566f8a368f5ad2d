import toast from "react-hot-toast";
import { Link } from "react-router";
import { ApiError } from "../../../app/api-client";
import { formatRupees } from "../../../ui/money";
import { useDeleteProduct, useSellerProducts, useToggleStock } from "../api";
import { LoadError } from "../../../ui/load-error";

const failed = (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : "Something went wrong");

export function ProductListPage() {
  const products = useSellerProducts();
  const toggle = useToggleStock();
  const remove = useDeleteProduct();

  return (
    <section className="p-4 md:p-10">
      <h1 className="pb-4 text-lg font-medium">All Products</h1>
      {products.isPending ? (
        <div className="h-64 max-w-4xl animate-pulse rounded bg-gray-100" aria-busy="true" />
      ) : products.isError ? (
        <LoadError what="products" onRetry={() => void products.refetch()} />
      ) : (
        <div className="max-w-4xl overflow-x-auto rounded-md border border-gray-500/20 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="text-gray-900">
              <tr>
                <th className="px-4 py-3 font-semibold">Product</th>
                <th className="px-4 py-3 font-semibold">Category</th>
                <th className="px-4 py-3 font-semibold max-sm:hidden">Selling Price</th>
                <th className="px-4 py-3 font-semibold">Stock</th>
                <th className="px-4 py-3 font-semibold">In Stock</th>
                <th className="px-4 py-3 font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody className="text-gray-600">
              {(products.data ?? []).map((p) => (
                <tr key={p._id} className="border-t border-gray-500/20">
                  <td className="flex items-center gap-3 px-4 py-3">
                    <img
                      src={p.image[0]?.replace("-large.webp", "-thumb.webp")}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12 rounded border object-contain"
                      loading="lazy"
                    />
                    <span className="truncate">{p.name}</span>
                  </td>
                  <td className="px-4 py-3">{p.category}</td>
                  <td className="px-4 py-3 max-sm:hidden">{formatRupees(p.offerPrice)}</td>
                  <td className="px-4 py-3">
                    <span className={p.stock === 0 ? "font-medium text-red-600" : undefined}>
                      {p.stock}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <label className="relative inline-flex cursor-pointer items-center">
                      <input
                        type="checkbox"
                        className="peer sr-only"
                        checked={p.inStock}
                        disabled={toggle.isPending}
                        aria-label={`${p.name} in stock`}
                        onChange={() =>
                          toggle
                            .mutateAsync({ id: p._id, inStock: !p.inStock })
                            .then((a) => toast.success(a.message), failed)
                        }
                      />
                      <span className="h-7 w-12 rounded-full bg-slate-300 transition peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600" />
                      <span className="absolute top-1 left-1 h-5 w-5 rounded-full bg-white transition peer-checked:translate-x-5" />
                    </label>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex gap-4">
                      <Link
                        to={`/seller/product-list/${p._id}`}
                        className="text-primary hover:underline"
                        aria-label={`Edit ${p.name}`}
                      >
                        Edit
                      </Link>
                      <button
                        onClick={() =>
                          window.confirm(`Delete ${p.name}?`) &&
                          remove.mutateAsync(p._id).then((a) => toast.success(a.message), failed)
                        }
                        className="text-red-600 hover:underline"
                        aria-label={`Delete ${p.name}`}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
