import type { Address, AddressInput } from "../../../contract/address";

/** The address form's typed fields (its location is chosen apart: "Use my location"). */
export type AddressFields = Omit<AddressInput, "location">;
import { normalisePhone, PHONE_HINT, ZIPCODE_PATTERN } from "../../../contract/phone";

export type AddressErrors = Partial<Record<keyof AddressFields, string>>;

/** The rule shown under a field before anything was typed (the same rules the server applies). */
export const addressHints: Partial<Record<keyof AddressFields, string>> = {
  zipcode: "Digits only, like 560001",
  phone: PHONE_HINT,
};

/** What is wrong with the form, field by field, in words a shopper reads. */
export function addressErrors(address: AddressFields): AddressErrors {
  const errors: AddressErrors = {};
  for (const [name, value] of Object.entries(address) as [keyof AddressFields, string][]) {
    if (value.trim() === "") errors[name] = "Please fill this in";
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.email.trim()))
    errors.email = "Please enter an email address like asha@example.com";
  if (!errors.zipcode && !ZIPCODE_PATTERN.test(address.zipcode.trim()))
    errors.zipcode = "Please use digits only, like 560001";
  if (!errors.phone && !normalisePhone(address.phone))
    errors.phone = `Please enter a phone number: ${PHONE_HINT}`;
  return errors;
}

/**
 * The address as the server stores it (fields trimmed, the phone normalised), as text: two forms
 * with the same text save the same address.
 */
export function asStored(address: AddressFields): string {
  return JSON.stringify(
    (Object.keys(address) as (keyof AddressFields)[])
      .sort()
      .map((name) =>
        name === "phone"
          ? (normalisePhone(address.phone) ?? address.phone.trim())
          : address[name].trim(),
      ),
  );
}

/** One line a shopper recognises an address by: name, street, city and pincode, phone. */
export function describeAddress(a: Address): string {
  return `${a.firstName} ${a.lastName}, ${a.street}, ${a.city} ${a.zipcode} · ${a.phone}`;
}
