import { z } from "zod";
import { idSchema, messageSchema, plainText, successSchema } from "./common";
import { MAX_LENGTH } from "./field-lengths";
import { normalisePhone, PHONE_HINT, ZIPCODE_PATTERN } from "./phone";
import { latLngSchema } from "./shop";

export { normalisePhone, PHONE_HINT } from "./phone";

const field = (max: number) => plainText(1, max);

export const phoneSchema = z.string().transform((text, ctx) => {
  const phone = normalisePhone(text);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: `must be a phone number: ${PHONE_HINT}` });
    return z.NEVER;
  }
  return phone;
});

export const addressInputSchema = z.object({
  firstName: field(MAX_LENGTH.addressName),
  lastName: field(MAX_LENGTH.addressName),
  email: z.email().max(MAX_LENGTH.email),
  street: field(MAX_LENGTH.street),
  city: field(MAX_LENGTH.addressPlace),
  state: field(MAX_LENGTH.addressPlace),
  zipcode: z.string().trim().regex(ZIPCODE_PATTERN, "must contain digits only"),
  country: field(MAX_LENGTH.addressPlace),
  phone: phoneSchema,
  /** Where it is (the shopper's "use my location"): judged against a shop's radius. */
  location: latLngSchema.nullable().optional(),
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
  location: latLngSchema.nullable().optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponseSchema = successSchema.extend({
  addresses: z.array(addressSchema),
});
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;
export const addressChangedSchema = messageSchema.extend({ address: addressSchema });
export type AddressChangedResponse = z.infer<typeof addressChangedSchema>;
