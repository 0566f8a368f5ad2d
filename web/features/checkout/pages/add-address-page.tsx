import { useEffect, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Navigate, useNavigate } from "react-router";
import type { AddressInput } from "../../../../contract/address";
import { ApiError } from "../../../app/api-client";
import { useStore } from "../../../app/store";
import { useAddAddress } from "../api";

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
  type?: string;
  inputMode?: "numeric" | "tel";
  autoComplete: string;
}[][] = [
  [
    { name: "firstName", label: "First Name", autoComplete: "given-name" },
    { name: "lastName", label: "Last Name", autoComplete: "family-name" },
  ],
  [{ name: "email", label: "Email address", type: "email", autoComplete: "email" }],
  [{ name: "street", label: "Street", autoComplete: "street-address" }],
  [
    { name: "city", label: "City", autoComplete: "address-level2" },
    { name: "state", label: "State", autoComplete: "address-level1" },
  ],
  [
    { name: "zipcode", label: "Zip code", inputMode: "numeric", autoComplete: "postal-code" },
    { name: "country", label: "Country", autoComplete: "country-name" },
  ],
  [{ name: "phone", label: "Phone", type: "tel", inputMode: "tel", autoComplete: "tel" }],
];

export function AddAddressPage() {
  const { user, sessionChecked } = useStore();
  const navigate = useNavigate();
  const addAddress = useAddAddress();
  const [address, setAddress] = useState<AddressInput>(empty);

  useEffect(() => {
    if (sessionChecked && !user) void navigate("/cart");
  }, [sessionChecked, user, navigate]);
  if (sessionChecked && !user) return <Navigate to="/cart" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await addAddress.mutateAsync(address);
      toast.success(answer.message);
      void navigate("/cart");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not save the address");
    }
  };

  return (
    <section className="mt-12 pb-16">
      <h1 className="text-2xl text-gray-500 md:text-3xl">
        Add Shipping <span className="font-semibold text-primary">Address</span>
      </h1>
      <form onSubmit={(e) => void submit(e)} className="mt-8 max-w-md space-y-3 text-sm">
        {fields.map((row) => (
          <div key={row[0]!.name} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {row.map((f) => (
              <label
                key={f.name}
                className={
                  row.length === 1 ? "flex flex-col gap-1 sm:col-span-2" : "flex flex-col gap-1"
                }
              >
                {f.label}
                <input
                  name={f.name}
                  type={f.type ?? "text"}
                  inputMode={f.inputMode}
                  pattern={f.name === "zipcode" ? "[0-9]*" : undefined}
                  autoComplete={f.autoComplete}
                  required
                  value={address[f.name]}
                  onChange={(e) => setAddress({ ...address, [f.name]: e.target.value })}
                  className="w-full rounded border border-gray-500/30 px-2 py-2.5 text-gray-700 outline-none focus:border-primary"
                />
              </label>
            ))}
          </div>
        ))}
        <button
          type="submit"
          disabled={addAddress.isPending}
          className="mt-6 w-full bg-primary py-3 text-white uppercase transition hover:bg-primary-dull disabled:opacity-60"
        >
          Save address
        </button>
      </form>
    </section>
  );
}
