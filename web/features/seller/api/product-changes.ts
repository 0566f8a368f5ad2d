import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "../../../../contract/common";
import type {
  ProductChangedResponse,
  ProductUpdateInput,
  RestockInput,
} from "../../../../contract/product";
import { apiFetch } from "../../../lib/api-client";
import { productKeys, sellerKeys } from "../../../lib/query-keys";
import { toast } from "../../../ui/toast";

/**
 * What a change to products makes stale, whether it succeeded or not (an answer lost on the way
 * may be a change made all the same): every product query, the storefront's too, and the
 * dashboard (its low stock, its top products).
 */
const productChangeMeta = {
  invalidatesWhenSettled: [productKeys.all, sellerKeys.dashboardAll],
};

/**
 * A change to products (productChangeMeta). `onSuccess` belongs to the mutation itself, so it
 * runs even when the component that asked is gone by then (a row that left the list shown); a
 * callback given to `mutate()` would be dropped.
 */
function useProductChange<T, A>(fn: (arg: A) => Promise<T>, onSuccess?: (answer: T) => void) {
  return useMutation({ mutationFn: fn, onSuccess, meta: productChangeMeta });
}

export const useAddProduct = () =>
  useProductChange((form: FormData) =>
    apiFetch<ProductChangedResponse>("/api/product/add", { method: "POST", body: form }),
  );
/** Switches a product on or off sale; the answer is toasted even if its row left the list. */
export const useToggleStock = () =>
  useProductChange(
    (v: { id: string; inStock: boolean }) =>
      apiFetch<MessageResponse>("/api/product/stock", { json: v }),
    (answer) => toast.success(answer.message),
  );
export const useUpdateProduct = () =>
  useProductChange((v: Omit<ProductUpdateInput, "category"> & { category?: string | null }) =>
    apiFetch<ProductChangedResponse>("/api/product/update", { json: v }),
  );
export const useDeleteProduct = () =>
  useProductChange((id: string) =>
    apiFetch<MessageResponse>("/api/product/delete", { json: { id } }),
  );
/** `quantity` a non-zero integer, negative to remove; 409 when stock would go below zero. */
export const useRestock = () =>
  useProductChange((v: RestockInput) =>
    apiFetch<ProductChangedResponse>("/api/product/restock", { json: v }),
  );
/**
 * `POST /api/product/images`: keeps the listed pictures (in that order) and adds the new files
 * after them; 1–4 pictures in all, each JPEG, PNG, WebP or AVIF of at most 5 MB.
 */
export const useUpdatePhotos = () =>
  useProductChange(({ id, keep, files }: { id: string; keep: string[]; files: File[] }) => {
    const body = new FormData();
    body.append("id", id);
    body.append("keep", JSON.stringify(keep));
    files.forEach((file) => body.append("images", file));
    return apiFetch<ProductChangedResponse>("/api/product/images", { method: "POST", body });
  });
