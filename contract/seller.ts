import { z } from "zod";

export const sellerLoginSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters")
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1).max(128),
});
export type SellerLoginInput = z.infer<typeof sellerLoginSchema>;
