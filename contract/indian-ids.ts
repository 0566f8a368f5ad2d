// The shop's Indian registrations, checked the same way by the seller's form and the server (no
// zod here: the web app's forms read these without the schemas).

const GSTIN_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * A GSTIN: 2-digit state code, the 10-character PAN, the entity's number, `Z`, and a check
 * character computed over the first 14 (GSTN's mod-36 scheme: each character's value, times 1 or
 * 2 by position, its quotient and remainder by 36 summed; the check is what brings the sum to a
 * multiple of 36).
 */
export function isValidGstin(text: string): boolean {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(text)) return false;
  return gstinCheckCharacter(text.slice(0, 14)) === text[14];
}

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARACTERS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** An FSSAI licence or registration number: 14 digits. */
export const FSSAI_PATTERN = /^\d{14}$/;

/** A UPI id (VPA): `handle@bank`, as NPCI allows them (letters, digits, dot, dash, underscore). */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

/** An Indian PIN code: 6 digits, the first not 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
