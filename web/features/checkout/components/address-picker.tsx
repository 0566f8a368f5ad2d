import { useEffect, useRef, useState } from "react";
import { toast } from "../../../ui/toast";
import { Link } from "react-router";
import type { Address } from "../../../../contract/address";
import { describeAddress } from "../address-rules";
import { useDeleteAddress } from "../api";

/**
 * The cart's delivery address: the chosen one, a Change list showing each address as the shopper
 * knows it (name, street, pincode, phone) with Edit and Delete, and an Add address link.
 */
export function AddressPicker({
  addresses,
  selected,
  onSelect,
}: {
  addresses: Address[];
  selected: Address | undefined;
  onSelect: (a: Address | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAddress();
  const picker = useRef<HTMLDivElement>(null);
  // The open list lies over the payment method: it closes when the shopper presses elsewhere.
  useEffect(() => {
    if (!open) return;
    const pressed = (event: PointerEvent) => {
      if (!picker.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", pressed);
    return () => document.removeEventListener("pointerdown", pressed);
  }, [open]);
  if (addresses.length === 0) {
    return (
      <div className="mt-2 flex items-center justify-between gap-2 text-gray-600">
        <p>No address found</p>
        <Link to="/add-address" className="flex min-h-11 items-center text-primary hover:underline">
          Add address
        </Link>
      </div>
    );
  }
  const deleteAddress = (a: Address) => {
    if (!window.confirm(`Delete the address ${describeAddress(a)}?`)) return;
    remove.mutate(a._id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        if (selected?._id === a._id) onSelect(undefined);
      },
    });
  };
  return (
    <div
      ref={picker}
      className="relative mt-2 flex items-start justify-between gap-2 text-gray-600"
      onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
      // ... or tabs out of it, so the keyboard never lands on a control the list covers.
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget))
          setOpen(false);
      }}
    >
      <p className="min-w-0 break-words">
        {selected ? describeAddress(selected) : "No address found"}
      </p>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="min-h-11 shrink-0 px-1 text-primary hover:underline"
      >
        Change
      </button>
      {open && (
        <ul
          className="absolute top-full z-10 mt-1 w-full border border-gray-300 bg-white py-1 text-sm shadow"
          aria-label="Saved addresses"
        >
          {addresses.map((a) => (
            <li key={a._id} className="flex items-stretch border-b border-gray-100">
              <button
                type="button"
                className="min-h-11 flex-1 p-2 text-left hover:bg-gray-100"
                aria-current={selected?._id === a._id ? "true" : undefined}
                onClick={() => {
                  onSelect(a);
                  setOpen(false);
                }}
              >
                {describeAddress(a)}
              </button>
              <Link
                to={`/add-address?id=${encodeURIComponent(a._id)}`}
                className="flex min-h-11 min-w-11 items-center justify-center px-2 text-primary hover:bg-primary/10"
                aria-label={`Edit the address ${describeAddress(a)}`}
              >
                Edit
              </Link>
              <button
                type="button"
                onClick={() => void deleteAddress(a)}
                disabled={remove.isPending}
                className="min-h-11 min-w-11 px-2 text-red-600 hover:bg-red-50"
                aria-label={`Delete the address ${describeAddress(a)}`}
              >
                Delete
              </button>
            </li>
          ))}
          <li>
            <Link
              to="/add-address"
              className="flex min-h-11 items-center justify-center p-2 text-primary hover:bg-primary/10"
            >
              Add address
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
