import { z } from "zod";
import { categoryKeys } from "./categories";
import { idSchema, plainText, rupeesSchema } from "./common";

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(categoryKeys),
  price: z.number(),
  offerPrice: z.number(),
  image: z.array(z.string()),
  description: z.array(z.string()),
  inStock: z.boolean(),
  stock: z.number().int(),
  weight: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Category keys match case-insensitively (URLs use lower case). */
export const categoryParamSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const found = categoryKeys.find((k) => k.toLowerCase() === v.toLowerCase());
    if (!found) {
      ctx.addIssue({ code: "custom", message: `must be one of ${categoryKeys.join(", ")}` });
      return z.NEVER;
    }
    return found;
  });

export const productListQuerySchema = z.object({
  q: plainText(0, 100).optional(),
  category: categoryParamSchema.optional(),
  inStock: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export interface ProductListResponse {
  success: true;
  products: Product[];
  nextCursor?: string | null;
}

const nameSchema = plainText(1, 120);
const descriptionSchema = z.array(plainText(1, 300)).max(20);
const weightSchema = plainText(1, 30);
const stockSchema = z.number().int().min(0).max(1_000_000);

/** Fields a seller sets on a product (multipart `productData` on add; JSON on update). */
export const productFieldsSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default([]),
  category: categoryParamSchema,
  price: rupeesSchema,
  offerPrice: rupeesSchema,
  weight: weightSchema.optional(),
  stock: stockSchema.default(100),
});

export const productAddSchema = productFieldsSchema.refine((p) => p.offerPrice <= p.price, {
  message: "must not be more than price",
  path: ["offerPrice"],
});
export type ProductAddInput = z.infer<typeof productAddSchema>;

export const productUpdateSchema = z.object({
  id: idSchema,
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  category: categoryParamSchema.optional(),
  price: rupeesSchema.optional(),
  offerPrice: rupeesSchema.optional(),
  weight: weightSchema.nullable().optional(),
  stock: stockSchema.optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export const productIdBodySchema = z.object({ id: idSchema });
export const productStockSchema = z.object({ id: idSchema, inStock: z.boolean() });
