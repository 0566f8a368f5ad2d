import { useId, type InputHTMLAttributes } from "react";
import type { ShopField, ShopForm, ShopFormErrors } from "./shop-form";

export const shopInputClass =
  "min-h-11 w-full rounded border border-gray-500/40 px-3 py-2.5 outline-none focus:border-primary aria-invalid:border-red-600";

/** What each section of the Shop settings form is given. */
export interface ShopSectionProps {
  form: ShopForm;
  onChange: (next: ShopForm) => void;
  errors: ShopFormErrors;
}

/**
 * One labelled text field of the form, 44 px tall, its hint and its mistake under it (both read
 * out with it).
 */
export function ShopTextField({
  label,
  name,
  hint,
  form,
  onChange,
  errors,
  ...input
}: ShopSectionProps & {
  label: string;
  name: Exclude<ShopField, "openHours">;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "onChange" | "name">) {
  const id = useId();
  const error = errors[name];
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        name={name}
        value={form[name]}
        onChange={(e) => onChange({ ...form, [name]: e.target.value })}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        className={shopInputClass}
      />
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
