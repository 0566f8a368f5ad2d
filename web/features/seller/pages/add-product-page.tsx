import { useEffect, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { ApiError } from "../../../app/api-client";
import { useAddProduct } from "../api";
import {
  emptyProductForm,
  productDataFrom,
  ProductFields,
  type ProductForm,
} from "../components/product-fields";

const SLOTS = 4;

export function AddProductPage() {
  const addProduct = useAddProduct();
  const [files, setFiles] = useState<(File | undefined)[]>(
    Array.from({ length: SLOTS }, () => undefined),
  );
  const [previews, setPreviews] = useState<(string | undefined)[]>([]);
  const [form, setForm] = useState<ProductForm>(emptyProductForm);

  // Object URLs for the previews, revoked when the files change or the page closes.
  useEffect(() => {
    const urls = files.map((f) => (f ? URL.createObjectURL(f) : undefined));
    setPreviews(urls);
    return () => urls.forEach((u) => u && URL.revokeObjectURL(u));
  }, [files]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const images = files.filter((f): f is File => Boolean(f));
    if (images.length === 0) return toast.error("Add at least one image");
    const { weight, ...fields } = productDataFrom(form);
    const productData = weight ? { ...fields, weight } : fields;
    const body = new FormData();
    body.append("productData", JSON.stringify(productData));
    images.forEach((image) => body.append("images", image));
    try {
      toast.success((await addProduct.mutateAsync(body)).message);
      setForm(emptyProductForm);
      setFiles(Array.from({ length: SLOTS }, () => undefined));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not add the product");
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="max-w-lg space-y-5 p-4 md:p-10">
      <h1 className="text-xl font-medium">Add Product</h1>
      <fieldset>
        <legend className="text-base font-medium">Product Image</legend>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {files.map((_, index) => (
            <label key={index} className="cursor-pointer">
              <span className="sr-only">Image {index + 1}</span>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                className="peer sr-only"
                onChange={(e) => {
                  const next = [...files];
                  next[index] = e.target.files?.[0];
                  setFiles(next);
                }}
              />
              {previews[index] ? (
                <img
                  src={previews[index]}
                  alt={`Image ${index + 1} preview`}
                  width={100}
                  height={100}
                  className="h-24 w-24 rounded border object-cover peer-focus-visible:ring-2 peer-focus-visible:ring-primary"
                />
              ) : (
                <span className="flex h-24 w-24 items-center justify-center rounded border-2 border-dashed border-gray-300 text-xs text-gray-500 peer-focus-visible:ring-2 peer-focus-visible:ring-primary">
                  Upload
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <ProductFields form={form} onChange={setForm} />
      <button
        disabled={addProduct.isPending}
        className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
      >
        {addProduct.isPending ? "Adding…" : "ADD"}
      </button>
    </form>
  );
}
