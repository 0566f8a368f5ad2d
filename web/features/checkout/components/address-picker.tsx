import { useState } from "react";
import { Link } from "react-router";
import type { Address } from "../../../../contract/address";

const describe = (a: Address) => `${a.street}, ${a.city}, ${a.state}, ${a.country}`;

/** The cart's delivery address: the chosen one, a Change list, and an Add address link. */
export function AddressPicker({
  addresses,
  selected,
  onSelect,
}: {
  addresses: Address[];
  selected: Address | undefined;
  onSelect: (a: Address) => void;
}) {
  const [open, setOpen] = useState(false);
  if (addresses.length === 0) {
    return (
      <div className="mt-2 flex justify-between gap-2 text-gray-600">
        <p>No address found</p>
        <Link to="/add-address" className="text-primary hover:underline">
          Add address
        </Link>
      </div>
    );
  }
  return (
    <div
      className="relative mt-2 flex justify-between gap-2 text-gray-600"
      onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
    >
      <p>{selected ? describe(selected) : "No address found"}</p>
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="text-primary hover:underline"
      >
        Change
      </button>
      {open && (
        <ul
          className="absolute top-8 z-10 w-full border border-gray-300 bg-white py-1 text-sm"
          aria-label="Saved addresses"
        >
          {addresses.map((a) => (
            <li key={a._id}>
              <button
                type="button"
                className="w-full p-2 text-left hover:bg-gray-100"
                onClick={() => {
                  onSelect(a);
                  setOpen(false);
                }}
              >
                {describe(a)}
              </button>
            </li>
          ))}
          <li>
            <Link
              to="/add-address"
              className="block p-2 text-center text-primary hover:bg-primary/10"
            >
              Add address
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
