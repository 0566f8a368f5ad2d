import { z } from "zod";
import { errorCodes } from "./errors";

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

/** An ISO 8601 timestamp as every answer writes it. */
export const timestampSchema = z.string();

/** `{ success: true }`, the least an answer says. */
export const successSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successSchema>;
/** `{ success: true, message }`: a change done, in words a shopper can read. */
export const messageSchema = successSchema.extend({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** Body of every failed response (api-contract.md, "Conventions"). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes),
  message: z.string(),
  /** For `out_of_stock` and `price_changed`: the product that could not be taken. */
  productId: z.string().optional(),
  /**
   * For the `conflict` of a shopper who already has the most unpaid online checkouts: how many
   * (`POST /api/order/unpaid/cancel` gives them up).
   */
  unpaidCheckouts: z.number().int().optional(),
});
