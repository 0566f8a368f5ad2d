import { z } from "zod";

/** Opaque ids (UUIDs in this implementation). Anything else is simply "not found". */
export const idSchema = z.string().trim().min(1).max(64);

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
