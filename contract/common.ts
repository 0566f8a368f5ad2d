import { z } from "zod";

/**
 * Text a person typed on one line: no control characters. A NUL could not even be stored by
 * PostgreSQL (the query would fail), and tabs or line breaks in a name only make trouble.
 */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters");

/** Opaque ids (UUIDs in this implementation). Anything else is simply "not found". */
export const idSchema = plainText(1, 64);

/** A rupee amount as the API sends it: positive, at most two decimals, below ₹10,00,000. */
export const rupeesSchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "must have at most two decimals");

export interface SuccessBody {
  success: true;
}
export interface MessageBody extends SuccessBody {
  message: string;
}
