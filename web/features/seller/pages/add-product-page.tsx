import { useEffect, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { categories } from "../../../../contract/categories";
import { ApiError } from "../../../app/api-client";
import { useAddProduct } from "../api";

const SLOTS = 4;

export function AddProductPage() {
  const addProduct = useAddProduct();
  const [files, setFiles] = useState<(File | undefined)[]>(
    Array.from({ length: SLOTS }, () => undefined),
  );
  const [previews, setPreviews] = useState<(string | undefined)[]>([]);
  const [form, setForm] = useState({
    name: "",
    description: "",
    category: "",
    price: "",
    offerPrice: "",
    weight: "",
    stock: "100",
  });

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
    const productData = {
      name: form.name,
      description: form.description
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
      category: form.category,
      price: Number(form.price),
      offerPrice: Number(form.offerPrice),
      stock: Number(form.stock),
      ...(form.weight.trim() ? { weight: form.weight.trim() } : {}),
    };
    const body = new FormData();
    body.append("productData", JSON.stringify(productData));
    images.forEach((image) => body.append("images", image));
    try {
      toast.success((await addProduct.mutateAsync(body)).message);
      setForm({
        name: "",
        description: "",
        category: "",
        price: "",
        offerPrice: "",
        weight: "",
        stock: "100",
      });
      setFiles(Array.from({ length: SLOTS }, () => undefined));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not add the product");
    }
  };

  const field = "rounded border border-gray-500/40 px-3 py-2.5 outline-none focus:border-primary";
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
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
                hidden
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
                  className="h-24 w-24 rounded border object-cover"
                />
              ) : (
                <span className="flex h-24 w-24 items-center justify-center rounded border-2 border-dashed border-gray-300 text-xs text-gray-500">
                  Upload
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1">
        Product Name
        <input
          required
          maxLength={120}
          value={form.name}
          onChange={set("name")}
          className={field}
        />
      </label>
      <label className="flex flex-col gap-1">
        Product Description (one line per point)
        <textarea
          rows={4}
          value={form.description}
          onChange={set("description")}
          className={`${field} resize-none`}
        />
      </label>
      <label className="flex flex-col gap-1">
        Category
        <select value={form.category} onChange={set("category")} required className={field}>
          <option value="">Select Category</option>
          {categories.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
      </label>
      <div className="grid grid-cols-2 gap-4">
        <label className="flex flex-col gap-1">
          Product Price
          <input
            type="number"
            min="0.01"
            step="0.01"
            required
            value={form.price}
            onChange={set("price")}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1">
          Offer Price
          <input
            type="number"
            min="0.01"
            step="0.01"
            required
            value={form.offerPrice}
            onChange={set("offerPrice")}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1">
          Weight
          <input
            value={form.weight}
            onChange={set("weight")}
            placeholder="500g"
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1">
          Stock
          <input
            type="number"
            min="0"
            step="1"
            required
            value={form.stock}
            onChange={set("stock")}
            className={field}
          />
        </label>
      </div>
      <button
        disabled={addProduct.isPending}
        className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
      >
        {addProduct.isPending ? "Adding…" : "ADD"}
      </button>
    </form>
  );
}
