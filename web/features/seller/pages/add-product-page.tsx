import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "../../../ui/toast";
import { useAddProduct } from "../api/product-changes";
import { useFocusFirstError } from "../components/focus-first-error";
import { IMAGE_ACCEPT, imageFileProblem, MAX_PHOTOS } from "../components/image-files";
import {
  emptyProductForm,
  productDataFrom,
  ProductFields,
  productFormErrors,
  type ProductForm,
  type ProductFormErrors,
} from "../components/product-fields";
import { UploadIcon } from "../components/seller-icons";
import { usePageTitle } from "../../../ui/page-title";

const NO_PICTURE = "Add at least one picture.";
const emptySlots = () => Array.from({ length: MAX_PHOTOS }, () => undefined);

export function AddProductPage() {
  const addProduct = useAddProduct();
  usePageTitle("Add product");
  const [files, setFiles] = useState<(File | undefined)[]>(emptySlots);
  const [previews, setPreviews] = useState<(string | undefined)[]>([]);
  const [form, setForm] = useState<ProductForm>(emptyProductForm);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [imageError, setImageError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const firstSlot = useRef<HTMLInputElement>(null);
  useFocusFirstError(formRef, errors);

  // Object URLs for the previews, revoked when the files change or the page closes.
  useEffect(() => {
    const urls = files.map((f) => (f ? URL.createObjectURL(f) : undefined));
    setPreviews(urls);
    return () => urls.forEach((u) => u && URL.revokeObjectURL(u));
  }, [files]);

  const choose = (index: number, file: File | undefined) => {
    const problem = file && imageFileProblem(file);
    setImageError(problem);
    if (problem) return;
    const next = [...files];
    next[index] = file;
    setFiles(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addProduct.isPending) return;
    const images = files.filter((f): f is File => Boolean(f));
    const found = productFormErrors(form);
    setErrors(found);
    setImageError(images.length === 0 ? NO_PICTURE : undefined);
    // Said beside the pictures, which come first on the page: the focus goes there.
    if (images.length === 0) return firstSlot.current?.focus();
    if (Object.keys(found).length > 0) return;
    const { weight, ...fields } = productDataFrom(form);
    const productData = weight ? { ...fields, weight } : fields;
    const body = new FormData();
    body.append("productData", JSON.stringify(productData));
    images.forEach((image) => body.append("images", image));
    addProduct.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setForm(emptyProductForm);
        setFiles(emptySlots());
      },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="max-w-lg space-y-5 p-4 md:p-10"
    >
      <h1 className="text-xl font-medium">Add Product</h1>
      <fieldset aria-describedby="add-product-images-hint">
        <legend className="text-base font-medium">Product Image</legend>
        <p id="add-product-images-hint" className="text-xs text-gray-500">
          1 to 4 pictures: JPEG, PNG, WebP or AVIF, at most 5 MB each. The first is the main one.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {files.map((_, index) => (
            <div key={index} className="flex flex-col items-center">
              <label className="cursor-pointer">
                <input
                  ref={index === 0 ? firstSlot : undefined}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  className="peer sr-only"
                  aria-invalid={index === 0 && imageError === NO_PICTURE ? true : undefined}
                  aria-describedby={imageError ? "add-product-image-error" : undefined}
                  onChange={(e) => {
                    choose(index, e.target.files?.[0]);
                    // Emptied, so that the same file can be chosen again (another product's photo).
                    e.target.value = "";
                  }}
                />
                {previews[index] ? (
                  <img
                    src={previews[index]}
                    // A file the browser cannot show is no picture the server will take: said now,
                    // beside the slot, rather than after the upload.
                    onError={() => {
                      choose(index, undefined);
                      setImageError(`Picture ${index + 1} is not a JPEG, PNG, WebP or AVIF image.`);
                    }}
                    alt={`Image ${index + 1} preview`}
                    width={100}
                    height={100}
                    className="h-24 w-24 rounded border object-cover peer-focus-visible:ring-2 peer-focus-visible:ring-primary"
                  />
                ) : (
                  <span className="flex h-24 w-24 flex-col items-center justify-center gap-1 rounded border-2 border-dashed border-gray-300 text-xs text-gray-500 peer-focus-visible:ring-2 peer-focus-visible:ring-primary hover:border-primary hover:text-primary">
                    <UploadIcon />
                    <span>
                      Upload<span className="sr-only"> image {index + 1}</span>
                    </span>
                  </span>
                )}
              </label>
              {/* A wrong picture can be taken out before the product is saved. */}
              {files[index] && (
                <button
                  type="button"
                  onClick={() => choose(index, undefined)}
                  className="min-h-11 px-2 text-sm text-red-700 hover:underline"
                  aria-label={`Remove image ${index + 1}`}
                >
                  Remove
                </button>
              )}
            </div>
          ))}
        </div>
        {imageError && (
          <p id="add-product-image-error" role="alert" className="mt-2 text-sm text-red-700">
            {imageError}
          </p>
        )}
      </fieldset>
      <ProductFields form={form} onChange={setForm} errors={errors} />
      <button
        aria-disabled={addProduct.isPending}
        aria-busy={addProduct.isPending}
        className="min-h-11 rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull aria-disabled:opacity-60"
      >
        {addProduct.isPending ? "Adding…" : "ADD"}
      </button>
    </form>
  );
}
