import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "../../../ui/toast";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { openedFromList } from "../components/opened-from-list";
import type { Product } from "../../../../contract/product";
import { ApiError } from "../../../lib/api-client";
import { LoadError } from "../../../ui/load-error";
import { productKeys } from "../../../lib/query-keys";
import { useUpdateProduct } from "../api/product-changes";
import { useSellerProduct } from "../api/products";
import { useFocusFirstError } from "../components/focus-first-error";
import { PhotoEditor } from "../components/photo-editor";
import {
  productDataFrom,
  ProductFields,
  productFormErrors,
  productFormFrom,
  type ProductForm,
  type ProductFormErrors,
} from "../components/product-fields";
import { StockHistory } from "../components/stock-history";
import { StockPanel } from "../components/stock-panel";
import { useUnsavedChanges } from "../components/use-unsaved-changes";
import { usePageTitle } from "../../../ui/page-title";

/**
 * Edits a product: its stock and sale first (restock, the on-sale switch), then photos and fields
 * (stock as "set to N"), and its stock history. Leaving with photos or fields not saved asks first.
 * The stock shown and its history follow live orders naming the product (the seller area's
 * stream, useProductsFollowOrders); a read again changes no field the seller has typed in: the
 * form keeps its own values, and "Set stock to" follows the server only until a count is typed.
 */
export function EditProductPage() {
  const { id = "" } = useParams();
  const product = useSellerProduct(id);
  const queryClient = useQueryClient();
  const [savedPhotos, setPhotosSaved] = useState(false);
  const { search } = useLocation();
  const setUnsaved = useUnsavedChanges();
  const photosUnsaved = useCallback(
    (unsaved: boolean) => setUnsaved("photos", unsaved),
    [setUnsaved],
  );
  const detailsUnsaved = useCallback(
    (unsaved: boolean) => setUnsaved("details", unsaved),
    [setUnsaved],
  );
  usePageTitle(product.data ? `Edit ${product.data.name}` : "Edit product");

  if (product.isPending) {
    return (
      <div className="max-w-5xl p-4 md:p-10" aria-busy="true">
        <div className="h-96 animate-pulse rounded bg-gray-100" />
      </div>
    );
  }
  // A product deleted meanwhile (another tab, another seller) is gone even after the page had it:
  // a later read, after a live order named it, says so rather than keep it editable.
  const gone = product.error instanceof ApiError && product.error.status === 404;
  // Only a first read that failed: a later one (orders moved its stock, a change was saved) that
  // fails keeps the page as last read, and what the seller is typing in it.
  if (product.isError && !gone && !product.data) {
    return (
      <section className="p-4 md:p-10">
        <h1 className="text-xl font-medium">Edit Product</h1>
        <LoadError what="the product" onRetry={() => void product.refetch()} />
      </section>
    );
  }
  if (!product.data || gone) {
    return (
      <section className="p-4 md:p-10">
        <h1 className="text-xl font-medium">Product not found</h1>
        <p className="mt-2 text-gray-600">It may have been deleted.</p>
        <Link
          to={`/seller/product-list${search}`}
          className="mt-4 inline-block text-primary underline"
        >
          Back to the product list
        </Link>
      </section>
    );
  }
  // The server's answer after a restock or new photos is the product as it is now.
  const changed = (next: Product) =>
    queryClient.setQueryData(productKeys.sellerOne(next._id), {
      success: true,
      product: next,
    });
  const p = product.data;
  // New photos start a new editor (keyed by them): the focus goes back to its save button.
  const photosSaved = (next: Product) => {
    setPhotosSaved(true);
    changed(next);
  };
  // In reading order at every width: stock first (a phone reaches it without scrolling past the
  // form), then photos and fields beside the stock history on a wide screen, over it on a phone.
  return (
    <div className="max-w-6xl space-y-8 p-4 md:p-10">
      <div>
        <h1 className="text-xl font-medium">Edit Product</h1>
        <p className="mt-1 break-words text-gray-600">{p.name}</p>
      </div>
      <StockPanel product={p} onRestocked={changed} />
      <div className="grid grid-cols-1 gap-10 xl:grid-cols-[minmax(0,32rem)_minmax(0,1fr)]">
        <div className="space-y-8">
          <PhotoEditor
            key={p.image.join(" ")}
            product={p}
            onSaved={photosSaved}
            focusSave={savedPhotos}
            onUnsavedChange={photosUnsaved}
          />
          {/* Keyed by id so that moving to another product starts from its own values. */}
          <EditProductForm key={p._id} product={p} onUnsavedChange={detailsUnsaved} />
        </div>
        <StockHistory productId={p._id} />
      </div>
    </div>
  );
}

/** The fields as the seller left them differ from `saved` (the count only once they typed one). */
function differs(shown: ProductForm, saved: ProductForm, stockTouched: boolean, stock: number) {
  return (Object.keys(saved) as (keyof ProductForm)[]).some((key) =>
    key === "stock" ? stockTouched && shown.stock !== String(stock) : shown[key] !== saved[key],
  );
}

function EditProductForm({
  product,
  onUnsavedChange,
}: {
  product: Product;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const update = useUpdateProduct();
  const navigate = useNavigate();
  // The list's filters came along from it (product-rows.tsx): Save and Cancel go back to them;
  // opened from the list, by going Back to it, where the seller left it. Cancel with fields
  // changed opens it anew instead: the router's own navigation always asks before the changes
  // are dropped (Back asks only in browsers with the Navigation API, decision 029).
  const location = useLocation();
  const listPath = `/seller/product-list${location.search}`;
  const backToList = openedFromList(location.state as unknown);
  const [form, setForm] = useState<ProductForm>(() => productFormFrom(product));
  // The values last loaded or saved: what "unsaved" is measured against.
  const [saved, setSaved] = useState(form);
  // Until the seller types a count, the stock field follows the server (restocks, orders).
  const [stockTouched, setStockTouched] = useState(false);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const shown = stockTouched ? form : { ...form, stock: String(product.stock) };
  const unsaved = differs(shown, saved, stockTouched, product.stock);
  useEffect(() => {
    onUnsavedChange(unsaved);
    return () => onUnsavedChange(false);
  }, [unsaved, onUnsavedChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = productFormErrors(shown);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { weight, stock, ...fields } = productDataFrom(shown);
    update.mutate(
      {
        id: product._id,
        ...fields,
        // Sent only when changed: "set to N" over a count orders have moved since is a mistake.
        ...(stockTouched && stock !== product.stock ? { stock } : {}),
        weight: weight || null,
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          // Saved: said at once, so that going back to the list asks only about unsaved photos.
          setSaved(shown);
          setStockTouched(false);
          onUnsavedChange(false);
          void (backToList ? navigate(-1) : navigate(listPath));
        },
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <h2 className="text-base font-medium">Details</h2>
      <ProductFields
        form={shown}
        mode="edit"
        errors={errors}
        onChange={(next) => {
          if (next.stock !== shown.stock) setStockTouched(true);
          setForm(next);
        }}
      />
      <div className="flex gap-3">
        <button
          aria-disabled={update.isPending}
          aria-busy={update.isPending}
          className="min-h-11 rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull aria-disabled:opacity-60"
        >
          {update.isPending ? "Saving…" : "Save"}
        </button>
        <Link
          to={listPath}
          onClick={(event) => {
            if (!backToList || unsaved) return;
            event.preventDefault();
            void navigate(-1);
          }}
          className="flex min-h-11 items-center rounded border px-8 font-medium"
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}
