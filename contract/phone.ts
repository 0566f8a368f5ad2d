import { MAX_LENGTH } from "./field-lengths";

// Phone numbers as people write them (no zod here: the web app checks fields with it too).

/** How a phone number is written for people: "98450 12345", "+91 98450-12345", "(080) 2345 6789". */
export const PHONE_HINT = "10 digits, like 98450 12345 (spaces, dashes and +91 are fine)";

/**
 * A phone number as stored: spaces, dashes, dots and parentheses removed; Indian numbers (10
 * digits, with or without +91, 91 or a trunk 0) become +91XXXXXXXXXX; other numbers keep their
 * own leading + and 7–15 digits. Returns undefined when it cannot be a phone number.
 */
export function normalisePhone(text: string): string | undefined {
  const compact = text.trim().replace(/[\s\-().]/g, "");
  if (/^\+91\d{10}$/.test(compact)) return compact;
  if (/^\d{10}$/.test(compact)) return `+91${compact}`;
  if (/^0\d{10}$/.test(compact)) return `+91${compact.slice(1)}`;
  if (/^91\d{10}$/.test(compact)) return `+${compact}`;
  if (/^\+(?!91)\d{7,15}$/.test(compact)) return compact;
  if (/^\d{7,9}$/.test(compact)) return compact;
  return undefined;
}

/** Pincode rule of the address form: digits only, 3 to 10 of them (6 in India). */
export const ZIPCODE_PATTERN = new RegExp(`^\\d{3,${MAX_LENGTH.zipcode}}$`);
