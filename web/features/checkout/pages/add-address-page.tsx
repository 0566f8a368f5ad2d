import { useEffect, useState, type FormEvent } from "react";
import { toast } from "../../../ui/toast";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import addressArt from "virtual:art/addAddress";
import type { AddressInput } from "../../../../contract/address";
import { MAX_LENGTH } from "../../../../contract/field-lengths";
import { useStore } from "../../../lib/store";
import { ArtPicture } from "../../../ui/art-picture";
import { addressErrors, addressHints, asStored, type AddressErrors } from "../address-rules";
import { keepCheckoutChoices, readCheckoutChoices } from "../checkout-choices";
import { retryKeyFor } from "../retry-keys";
import { useAddAddress, useAddresses, useUpdateAddress } from "../api";
import { usePageTitle } from "../../../ui/page-title";

const empty: AddressInput = {
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

const fields: {
  name: keyof AddressInput;
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

/**
 * Add an address, or with `?id=` change a saved one. Each field says its rule before the first
 * mistake and its problem next to it after, in plain words; the server's rules are the same.
 */
export function AddAddressPage() {
  const { user, sessionChecked } = useStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = params.get("id");
  usePageTitle(editing ? "Edit address" : "Add address");
  const saved = useAddresses(Boolean(user && editing));
  const addAddress = useAddAddress();
  const updateAddress = useUpdateAddress();
  // A new address starts with the account's email and the shop's country, both usually right.
  const [address, setAddress] = useState<AddressInput>(() => ({
    ...empty,
    ...(editing ? {} : { email: user?.email ?? "", country: "India" }),
  }));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [submitted, setSubmitted] = useState(false);

  // The account, known after the page opened (a reload): its email, unless one was typed.
  const accountEmail = user?.email;
  useEffect(() => {
    if (editing || !accountEmail) return;
    setAddress((typed) => (typed.email ? typed : { ...typed, email: accountEmail }));
  }, [editing, accountEmail]);

  const original = editing ? saved.data?.find((a) => a._id === editing) : undefined;
  useEffect(() => {
    if (!original) return;
    const { _id, ...fieldsOf } = original;
    void _id;
    setAddress(fieldsOf);
  }, [original]);

  if (sessionChecked && !user) return <Navigate to="/cart" replace />;

  const change = (name: keyof AddressInput, value: string) => {
    // A pincode is digits: letters never get in.
    const next = { ...address, [name]: name === "zipcode" ? value.replace(/\D/g, "") : value };
    setAddress(next);
    if (submitted) setErrors(addressErrors(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = addressErrors(address);
    setErrors(found);
    const first = fields.flat().find((f) => found[f.name]);
    if (first) {
      document.getElementById(`address-${first.name}`)?.focus();
      return;
    }
    const saved = {
      onSuccess: (answer: { message: string }) => {
        toast.success(answer.message);
        void navigate("/cart");
      },
    };
    if (editing) return updateAddress.mutate({ id: editing, address }, saved);
    // One Idempotency-Key per address saved: Save again after a lost answer (on this page, or
    // after leaving it and typing the address again) sends the same key, so the server answers
    // with the address it already saved instead of saving a second. The same address as the
    // server stores it (spaces around a field aside) keeps its key.
    addAddress.mutate(
      { address, idempotencyKey: retryKeyFor("address", user?._id ?? "", asStored(address)) },
      {
        onSuccess: (answer) => {
          // The address the shopper just added is the one they mean to deliver to.
          keepCheckoutChoices({ ...readCheckoutChoices(), address: answer.address._id });
          saved.onSuccess(answer);
        },
      },
    );
  };

  const pending = addAddress.isPending || updateAddress.isPending;
  return (
    <section className="mt-12 flex flex-col-reverse justify-between gap-10 pb-16 md:flex-row">
      <div className="flex-1">
        <h1 className="text-2xl text-gray-500 md:text-3xl">
          {editing ? "Change Shipping" : "Add Shipping"}{" "}
          <span className="font-semibold text-primary">Address</span>
        </h1>
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="mt-8 max-w-md space-y-3 text-sm"
        >
          {fields.map((row) => (
            <div key={row[0]!.name} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {row.map((f) => (
                <AddressField
                  key={f.name}
                  field={f}
                  wide={row.length === 1}
                  value={address[f.name]}
                  error={errors[f.name]}
                  onChange={(value) => change(f.name, value)}
                />
              ))}
            </div>
          ))}
          <button
            type="submit"
            disabled={pending}
            className="mt-6 min-h-11 w-full bg-primary py-3 text-white uppercase transition hover:bg-primary-dull disabled:opacity-60"
          >
            {pending ? "Saving…" : "Save address"}
          </button>
        </form>
      </div>
      <div className="mx-auto w-48 md:mx-0 md:mt-16 md:w-80">
        <ArtPicture
          picture={addressArt}
          alt=""
          sizes="(max-width: 767px) 192px, 320px"
          priority
          className="aspect-square h-auto w-full"
        />
      </div>
    </section>
  );
}

/** One field of the form: its label, the input, and its rule or its mistake under it. */
function AddressField({
  field: f,
  wide,
  value,
  error,
  onChange,
}: {
  field: (typeof fields)[number][number];
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
