import { categories } from "../../../../contract/categories";
import type { Product } from "../../../../contract/product";

/** The product form as typed: every field a string until it is sent. */
export interface ProductForm {
  name: string;
  description: string;
  category: string;
  price: string;
  offerPrice: string;
  weight: string;
  stock: string;
}

export const emptyProductForm: ProductForm = {
  name: "",
  description: "",
  category: "",
  price: "",
  offerPrice: "",
  weight: "",
  stock: "100",
};

export function productFormFrom(product: Product): ProductForm {
  return {
    name: product.name,
    description: product.description.join("\n"),
    category: product.category,
    price: String(product.price),
    offerPrice: String(product.offerPrice),
    weight: product.weight ?? "",
    stock: String(product.stock),
  };
}

/** What the API takes: description one point per line, numbers as numbers. */
export function productDataFrom(form: ProductForm) {
  return {
    name: form.name.trim(),
    description: form.description
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    category: form.category,
    price: Number(form.price),
    offerPrice: Number(form.offerPrice),
    stock: Number(form.stock),
    weight: form.weight.trim(),
  };
}

const inputClass =
  "rounded border border-gray-500/40 px-3 py-2.5 outline-none focus:border-primary";

/** Name, description, category, prices, weight and stock: shared by Add Product and Edit. */
export function ProductFields({
  form,
  onChange,
}: {
  form: ProductForm;
  onChange: (next: ProductForm) => void;
}) {
  const set = (key: keyof ProductForm) => (e: { target: { value: string } }) =>
    onChange({ ...form, [key]: e.target.value });
  return (
    <>
      <label className="flex flex-col gap-1">
        Product Name
        <input
          required
          maxLength={120}
          value={form.name}
          onChange={set("name")}
          className={inputClass}
        />
      </label>
      <label className="flex flex-col gap-1">
        Product Description (one line per point)
        <textarea
          rows={4}
          value={form.description}
          onChange={set("description")}
          className={`${inputClass} resize-none`}
        />
      </label>
      <label className="flex flex-col gap-1">
        Category
        <select value={form.category} onChange={set("category")} required className={inputClass}>
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
            className={inputClass}
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
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1">
          Weight
          <input
            value={form.weight}
            onChange={set("weight")}
            placeholder="500g"
            maxLength={30}
            className={inputClass}
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
            className={inputClass}
          />
        </label>
      </div>
    </>
  );
}
