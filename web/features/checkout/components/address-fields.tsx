import { MAX_LENGTH } from "../../../../contract/field-lengths";
import { addressHints, type AddressFields } from "../address-rules";

// The address form's fields, two by two, and one field with its rule and its mistake.

export const emptyAddress: AddressFields = {
  firstName: "",
  lastName: "",
  email: "",
  street: "",
  city: "",
  state: "",
  zipcode: "",
  country: "",
  phone: "",
};

export const addressFields: {
  name: keyof AddressFields;
  label: string;
  /** An example of what to type (Indian, as the shop's shoppers are). */
  placeholder: string;
  type?: string;
  inputMode?: "numeric" | "tel";
  autoComplete: string;
  /**
   * The most the server takes (contract/field-lengths.ts; the phone's is the form's own, generous for
   * any way of writing one): typing stops there instead of failing.
   */
  maxLength: number;
}[][] = [
  [
    {
      name: "firstName",
      placeholder: "Asha",
      label: "First Name",
      autoComplete: "given-name",
      maxLength: MAX_LENGTH.addressName,
    },
    {
      name: "lastName",
      placeholder: "Rao",
      label: "Last Name",
      autoComplete: "family-name",
      maxLength: MAX_LENGTH.addressName,
    },
  ],
  [
    {
      name: "email",
      placeholder: "asha@example.com",
      label: "Email address",
      type: "email",
      autoComplete: "email",
      maxLength: MAX_LENGTH.email,
    },
  ],
  [
    {
      name: "street",
      placeholder: "12 MG Road",
      label: "Street",
      autoComplete: "street-address",
      maxLength: MAX_LENGTH.street,
    },
  ],
  [
    {
      name: "city",
      placeholder: "Bengaluru",
      label: "City",
      autoComplete: "address-level2",
      maxLength: MAX_LENGTH.addressPlace,
    },
    {
      name: "state",
      placeholder: "Karnataka",
      label: "State",
      autoComplete: "address-level1",
      maxLength: MAX_LENGTH.addressPlace,
    },
  ],
  [
    {
      name: "zipcode",
      placeholder: "560001",
      label: "Zip code",
      inputMode: "numeric",
      autoComplete: "postal-code",
      maxLength: MAX_LENGTH.zipcode,
    },
    {
      name: "country",
      placeholder: "India",
      label: "Country",
      autoComplete: "country-name",
      maxLength: MAX_LENGTH.addressPlace,
    },
  ],
  [
    {
      name: "phone",
      placeholder: "98450 12345",
      label: "Phone",
      type: "tel",
      inputMode: "tel",
      autoComplete: "tel",
      maxLength: 24,
    },
  ],
];

/** One field of the form: its label, the input, and its rule or its mistake under it. */
export function AddressField({
  field: f,
  wide,
  value,
  error,
  onChange,
}: {
  field: (typeof addressFields)[number][number];
  wide: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const hint = addressHints[f.name];
  const describedBy = error || hint ? `address-${f.name}-note` : undefined;
  return (
    <div className={wide ? "flex flex-col gap-1 sm:col-span-2" : "flex flex-col gap-1"}>
      <label htmlFor={`address-${f.name}`}>{f.label}</label>
      <input
        id={`address-${f.name}`}
        name={f.name}
        type={f.type ?? "text"}
        inputMode={f.inputMode}
        autoComplete={f.autoComplete}
        placeholder={f.placeholder}
        maxLength={f.maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`min-h-11 w-full rounded border px-2 py-2.5 text-gray-700 outline-none placeholder:text-gray-400 focus:border-primary ${
          error ? "border-red-500" : "border-gray-500/30"
        }`}
      />
      {describedBy && (
        <p id={describedBy} className={error ? "text-red-600" : "text-xs text-gray-500"}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
