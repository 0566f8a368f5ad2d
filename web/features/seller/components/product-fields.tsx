import { useId, type ReactNode } from "react";
import { categories } from "../../../../contract/categories";
import { MAX_LENGTH } from "../../../../contract/field-lengths";
import type { Product } from "../../../../contract/product";

/** The product form as typed: every field a string until it is sent. */
export interface ProductForm {
  name: string;
  description: string;
  /** A category key, or "" for none (the spec does not require one). */
  category: string;
  price: string;
  offerPrice: string;
  weight: string;
  stock: string;
  lowStockThreshold: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductForm, string>>;

export const emptyProductForm: ProductForm = {
  name: "",
  description: "",
  category: "",
  price: "",
  offerPrice: "",
  weight: "",
  stock: "100",
  lowStockThreshold: "5",
};

export function productFormFrom(product: Product): ProductForm {
  return {
    name: product.name,
    description: product.description.join("\n"),
    category: product.category ?? "",
    price: String(product.price),
    offerPrice: String(product.offerPrice),
    weight: product.weight ?? "",
    stock: String(product.stock),
    lowStockThreshold: String(product.lowStockThreshold),
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
    category: form.category || null,
    price: Number(form.price),
    offerPrice: Number(form.offerPrice),
    stock: Number(form.stock),
    lowStockThreshold: Number(form.lowStockThreshold),
    weight: form.weight.trim(),
  };
}

const wholeNumber = (text: string) => /^\s*\d{1,7}\s*$/.test(text);
const amount = (text: string) => /^\s*\d{1,9}(\.\d{1,2})?\s*$/.test(text) && Number(text) > 0;

/** The mistakes the server would refuse, said in plain words before anything is sent. */
export function productFormErrors(form: ProductForm): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (!form.name.trim()) errors.name = "Enter the product's name.";
  if (!amount(form.price)) errors.price = "Enter a price in rupees, such as 40 or 32.50.";
  if (!amount(form.offerPrice))
    errors.offerPrice = "Enter an offer price in rupees, such as 35 or 32.50.";
  else if (amount(form.price) && Number(form.offerPrice) > Number(form.price))
    errors.offerPrice = "The offer price must not be more than the price.";
  if (!wholeNumber(form.stock)) errors.stock = "Enter a whole number of units, 0 or more.";
  if (!wholeNumber(form.lowStockThreshold))
    errors.lowStockThreshold = "Enter a whole number of units, 0 or more.";
  return errors;
}

const inputClass =
  "min-h-11 w-full rounded border border-gray-500/40 px-3 py-2.5 outline-none focus:border-primary aria-invalid:border-red-600";

/** A labelled control with an optional hint and an error message under it, both announced. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Name, description, category, prices, weight, stock and reorder level: shared by Add Product
 * and Edit. On Edit the stock field sets the count (the server records the difference).
 */
export function ProductFields({
  form,
  onChange,
  errors: reported = {},
  mode = "add",
}: {
  form: ProductForm;
  onChange: (next: ProductForm) => void;
  errors?: ProductFormErrors;
  mode?: "add" | "edit";
}) {
  // A mistake said at Save stays said only while the field is still wrong: it clears as the
  // seller mends it (and says what is wrong now if that changed), not at the next Save.
  const now = productFormErrors(form);
  const errors: ProductFormErrors = Object.fromEntries(
    Object.keys(reported).map((key) => [key, now[key as keyof ProductForm]]),
  );
  const set = (key: keyof ProductForm) => (e: { target: { value: string } }) =>
    onChange({ ...form, [key]: e.target.value });
  return (
    <>
      <Field label="Product Name" error={errors.name}>
        {(p) => (
          <input
            {...p}
            required
            maxLength={MAX_LENGTH.productName}
            value={form.name}
            onChange={set("name")}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Product Description (one line per point)">
        {(p) => (
          <textarea
            {...p}
            rows={4}
            value={form.description}
            onChange={set("description")}
            className={`${inputClass} resize-none`}
          />
        )}
      </Field>
      <Field
        label="Category"
        hint="Optional: a product without one is listed under All products and found by search."
      >
        {(p) => (
          <select {...p} value={form.category} onChange={set("category")} className={inputClass}>
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.path} value={c.path}>
                {c.path}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ProductNumbers form={form} set={set} errors={errors} mode={mode} />
    </>
  );
}

/** The product's numbers (prices, stock, reorder level) and weight, two by two on a wide screen. */
function ProductNumbers({
  form,
  set,
  errors,
  mode,
}: {
  form: ProductForm;
  set: (key: keyof ProductForm) => (e: { target: { value: string } }) => void;
  errors: ProductFormErrors;
  mode: "add" | "edit";
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Product Price" error={errors.price}>
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={form.price}
            onChange={set("price")}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Offer Price" error={errors.offerPrice}>
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={form.offerPrice}
            onChange={set("offerPrice")}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Weight">
        {(p) => (
          <input
            {...p}
            value={form.weight}
            onChange={set("weight")}
            placeholder="500g"
            maxLength={MAX_LENGTH.productWeight}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={mode === "edit" ? "Set stock to" : "Stock"}
        hint={
          mode === "edit"
            ? "Units on hand after your count. The difference is recorded in the stock history."
            : undefined
        }
        error={errors.stock}
      >
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            required
            value={form.stock}
            onChange={set("stock")}
            className={inputClass}
          />
        )}
      </Field>
      {/* Named without the word "stock" so that the "Stock" field keeps a unique label. */}
      <Field
        label="Reorder level"
        hint="Marked low on stock at or below this many units."
        error={errors.lowStockThreshold}
      >
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            required
            value={form.lowStockThreshold}
            onChange={set("lowStockThreshold")}
            className={inputClass}
          />
        )}
      </Field>
    </div>
  );
}
