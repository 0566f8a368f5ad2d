import { z } from "zod";
import { MAX_IDS_PER_QUERY, MAX_SEARCH_LENGTH, productSorts, stockLevels } from "./catalogue-urls";
import { categoryKeys } from "./categories";
import { idSchema, plainText, rupeesSchema, successSchema, timestampSchema } from "./common";
import { MAX_LENGTH } from "./field-lengths";
import { MAX_STOCK } from "./limits";

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null for a product without one: listed under All products and in search, on no category page. */
  category: z.enum(categoryKeys).nullable(),
  price: z.number(),
  offerPrice: z.number(),
  /** Absolute URLs of the pictures, largest first (the thumbnail sits beside each: `-thumb`). */
  image: z.array(z.string()),
  description: z.array(z.string()),
  inStock: z.boolean(),
  /**
   * Present (true) when the seller switched the product off sale: it stays off through restocks
   * until switched on. A product off sale without it is simply sold out.
   */
  switchedOff: z.literal(true).optional(),
  stock: z.number().int(),
  weight: z.string().optional(),
  /** At or below this many units the seller is told to restock. */
  lowStockThreshold: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
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

/**
 * A product's category as a seller sets it: a category key (any case), or none (null, or an empty
 * choice of a form, `""`): the spec's Add Product does not require one.
 */
const categoryChoiceSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  categoryParamSchema.nullable(),
);

/** `ids=a,b,c`: distinct product ids, at most 100. */
const idListSchema = z
  .string()
  .max(MAX_IDS_PER_QUERY * 65)
  .transform((text) => [...new Set(text.split(",").map((id) => id.trim()))].filter(Boolean))
  .pipe(z.array(idSchema).min(1).max(MAX_IDS_PER_QUERY));

export const productListQuerySchema = z.object({
  q: plainText(0, MAX_SEARCH_LENGTH).optional(),
  category: categoryParamSchema.optional(),
  inStock: z.enum(["true", "false"]).optional(),
  /**
   * `low`: at or below its low-stock threshold (sold out included); `out`: no units left; `off`:
   * switched off sale by the seller.
   */
  stock: z.enum(stockLevels).optional(),
  ids: idListSchema.optional(),
  /**
   * `bestselling`: by units sold in the last 30 days (cancelled orders and unpaid checkouts left
   * out), newest first among equals; one page (`limit`), no `cursor`, no `q` or `ids`.
   */
  sort: z.enum(productSorts).optional(),
  limit: z.coerce.number().min(1).max(100).int().optional(),
  cursor: plainText(1, 200).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = successSchema.extend({
  products: z.array(productSchema),
  /** With `limit`: pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productResponseSchema = successSchema.extend({ product: productSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;
export const productChangedSchema = productResponseSchema.extend({ message: z.string() });
export type ProductChangedResponse = z.infer<typeof productChangedSchema>;

const nameSchema = plainText(1, MAX_LENGTH.productName);
const descriptionSchema = z.array(plainText(1, 300)).max(20);
const weightSchema = plainText(1, MAX_LENGTH.productWeight);
// Also from here, where the server reads it.
export { MAX_STOCK } from "./limits";
const stockSchema = z.number().min(0).max(MAX_STOCK).int();
const thresholdSchema = z.number().min(0).max(1_000_000).int();

/** Fields a seller sets on a product (multipart `productData` on add; JSON on update). */
export const productFieldsSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default([]),
  category: categoryChoiceSchema.default(null),
  price: rupeesSchema,
  offerPrice: rupeesSchema,
  weight: weightSchema.optional(),
  stock: stockSchema.default(100),
  lowStockThreshold: thresholdSchema.default(5),
});

const offerNotAbovePrice = <T extends { price: number; offerPrice: number }>(p: T) =>
  p.offerPrice <= p.price;
const offerMessage = { message: "must not be more than price", path: ["offerPrice"] };

export const productAddSchema = productFieldsSchema.refine(offerNotAbovePrice, offerMessage);
export type ProductAddInput = z.infer<typeof productAddSchema>;

/**
 * Form fields arrive as text, so a multipart `productData` may write its numbers as text
 * ("60", "32.50"). Only plain decimal numerals are read as numbers; anything else stays text and
 * is refused as "<field> must be a number". JSON bodies stay strict.
 */
const numberOrText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      typeof value === "string" && /^\s*-?\d{1,9}(\.\d{1,6})?\s*$/.test(value)
        ? Number(value)
        : value,
    schema,
  );

export const productAddFormSchema = productFieldsSchema
  .extend({
    price: numberOrText(rupeesSchema),
    offerPrice: numberOrText(rupeesSchema),
    stock: numberOrText(stockSchema).default(100),
    lowStockThreshold: numberOrText(thresholdSchema).default(5),
  })
  .refine(offerNotAbovePrice, offerMessage);

export const productUpdateSchema = z.object({
  id: idSchema,
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  /** null (or `""`) takes the product out of its category. */
  category: categoryChoiceSchema.optional(),
  price: rupeesSchema.optional(),
  offerPrice: rupeesSchema.optional(),
  weight: weightSchema.nullable().optional(),
  /** "Set to N": recorded in the stock history as the difference from the current count. */
  stock: stockSchema.optional(),
  lowStockThreshold: thresholdSchema.optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export const productIdBodySchema = z.object({ id: idSchema });
export const productIdParamsSchema = z.object({ id: z.string().max(200) });
export const productStockSchema = z.object({ id: idSchema, inStock: z.boolean() });

/** `POST /api/product/restock`: a delta, safe while orders are taking stock. */
export const restockSchema = z.object({
  id: idSchema,
  quantity: z
    .number()
    .min(-MAX_STOCK)
    .max(MAX_STOCK)
    .int()
    .refine((q) => q !== 0, "must not be 0"),
  note: plainText(0, MAX_LENGTH.stockNote).optional(),
});
export type RestockInput = z.infer<typeof restockSchema>;

export const stockReasons = ["order", "cancel", "payment_lapsed", "restock", "edit"] as const;
export type StockReason = (typeof stockReasons)[number];

export const stockHistoryQuerySchema = z.object({
  limit: z.coerce.number().min(1).max(100).int().optional(),
  cursor: plainText(1, 40).optional(),
});

export const stockEntrySchema = z.object({
  at: timestampSchema,
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockReasons),
  orderId: z.string().optional(),
  /** `shopper`, `seller <email>`, `payment` or `system`. */
  actor: z.string(),
  note: z.string().optional(),
});
export type StockEntry = z.infer<typeof stockEntrySchema>;

export const stockHistoryResponseSchema = successSchema.extend({
  entries: z.array(stockEntrySchema),
  nextCursor: z.string().nullable(),
});
export type StockHistoryResponse = z.infer<typeof stockHistoryResponseSchema>;
