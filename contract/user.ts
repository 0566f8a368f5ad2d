import { z } from "zod";
import { idSchema, plainText, successSchema } from "./common";
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from "./field-lengths";
import { MAX_QUANTITY } from "./limits";

/** A cart as the API carries it: product id → quantity (integer 1–MAX_QUANTITY). */
export const cartItemsSchema = z
  .record(idSchema, z.number().min(1).max(MAX_QUANTITY).int())
  .refine((c) => Object.keys(c).length <= 200, "has too many products");
export type CartItems = z.infer<typeof cartItemsSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  cartItems: z.record(z.string(), z.number()),
});
export type User = z.infer<typeof userSchema>;

const emailSchema = z
  .email()
  .max(MAX_LENGTH.email)
  .transform((e) => e.toLowerCase());

export const registerSchema = z.object({
  name: plainText(1, MAX_LENGTH.personName),
  email: z.string().trim().pipe(emailSchema),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_LENGTH.password),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: plainText(0, MAX_LENGTH.email).transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(MAX_LENGTH.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const cartUpdateSchema = z.object({ cartItems: cartItemsSchema });

export const userResponseSchema = successSchema.extend({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Rules shown beside the sign-up form before anyone gets them wrong. */
export const PASSWORD_RULE = "At least 8 characters";
