import { z } from "zod";
import { plainText } from "./common";

const field = (max: number) => plainText(1, max);

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
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{7,15}$/, "must be 7 to 15 digits with an optional leading +"),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressAddSchema = z.object({ address: addressInputSchema });

export const addressSchema = addressInputSchema.extend({ _id: z.string() });
export type Address = z.infer<typeof addressSchema>;
