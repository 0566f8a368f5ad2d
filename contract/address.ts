import { z } from "zod";
import { idSchema, messageSchema, plainText, successSchema } from "./common";

const field = (max: number) => plainText(1, max);

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

export const phoneSchema = z.string().transform((text, ctx) => {
  const phone = normalisePhone(text);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: `must be a phone number: ${PHONE_HINT}` });
    return z.NEVER;
  }
  return phone;
});

export const addressInputSchema = z.object({
  firstName: field(60),
  lastName: field(60),
  email: z.email().max(254),
  street: field(200),
  city: field(80),
  state: field(80),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{3,10}$/, "must contain digits only"),
  country: field(80),
  phone: phoneSchema,
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressAddSchema = z.object({ address: addressInputSchema });
export const addressUpdateSchema = z.object({ id: idSchema, address: addressInputSchema });
export const addressDeleteSchema = z.object({ id: idSchema });

export const addressSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponseSchema = successSchema.extend({
  addresses: z.array(addressSchema),
});
export const addressChangedSchema = messageSchema.extend({ address: addressSchema });
