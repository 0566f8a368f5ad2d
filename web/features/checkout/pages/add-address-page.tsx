import { useEffect, useState, type FormEvent } from "react";
import { toast } from "../../../ui/toast";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import addressArt from "virtual:art/addAddress";
import type { LatLng } from "../../../../contract/delivery-area";
import { useStore } from "../../../lib/store";
import { ArtPicture } from "../../../ui/art-picture";
import { addressErrors, asStored, type AddressErrors, type AddressFields } from "../address-rules";
import { AddressLocation } from "../components/address-location";
import { AddressField, addressFields, emptyAddress } from "../components/address-fields";
import { keepCheckoutChoices, readCheckoutChoices } from "../checkout-choices";
import { retryKeyFor } from "../retry-keys";
import { useAddAddress, useAddresses, useUpdateAddress } from "../api";
import { usePageTitle } from "../../../ui/page-title";

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
  const [address, setAddress] = useState<AddressFields>(() => ({
    ...emptyAddress,
    ...(editing ? {} : { email: user?.email ?? "", country: "India" }),
  }));
  // Where it is, when the shopper shares it (optional): a shop with a radius judges by it.
  const [location, setLocation] = useState<LatLng | null>(null);
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
    const { _id, location: kept, ...fieldsOf } = original;
    void _id;
    setAddress(fieldsOf);
    setLocation(kept ?? null);
  }, [original]);

  if (sessionChecked && !user) return <Navigate to="/cart" replace />;

  const change = (name: keyof AddressFields, value: string) => {
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
    const first = addressFields.flat().find((f) => found[f.name]);
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
    const sent = { ...address, location };
    if (editing) return updateAddress.mutate({ id: editing, address: sent }, saved);
    // One Idempotency-Key per address saved: Save again after a lost answer (on this page, or
    // after leaving it and typing the address again) sends the same key, so the server answers
    // with the address it already saved instead of saving a second. The same address as the
    // server stores it (spaces around a field aside) keeps its key.
    addAddress.mutate(
      {
        address: sent,
        idempotencyKey: retryKeyFor(
          "address",
          user?._id ?? "",
          `${asStored(address)}${JSON.stringify(location)}`,
        ),
      },
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
          {addressFields.map((row) => (
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
          <AddressLocation location={location} onChange={setLocation} />
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
