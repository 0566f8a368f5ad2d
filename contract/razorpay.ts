import { z } from "zod";

// What Razorpay sends the store (its Payment Links' callback and webhook) and answers it (a link
// fetched for reconciliation), reduced to the fields the store reads. Unknown fields pass.

/** A callback parameter: one that is not plain text of a sane length counts as absent. */
const callbackParameter = (max: number) => z.string().max(max).optional().catch(undefined);

/**
 * `GET /api/payments/razorpay/callback`: the query Razorpay adds when it sends the shopper back.
 * Never refused: a query that is not Razorpay's is an unsigned one, redirected to the cart.
 */
export const razorpayCallbackQuerySchema = z.looseObject({
  razorpay_payment_id: callbackParameter(100),
  razorpay_payment_link_id: callbackParameter(100),
  razorpay_payment_link_reference_id: callbackParameter(100),
  razorpay_payment_link_status: callbackParameter(40),
  razorpay_signature: callbackParameter(200),
});
export type RazorpayCallbackQuery = z.infer<typeof razorpayCallbackQuerySchema>;

/** A payment as Razorpay describes it (`payload.payment.entity` of a webhook). */
export const razorpayPaymentSchema = z.looseObject({
  id: z.string(),
  amount: z.number().int().optional(),
  currency: z.string().optional(),
  status: z.string().optional(),
  method: z.string().optional(),
});

/** A Payment Link (`payload.payment_link.entity`, or `GET /v1/payment_links/:id`). */
export const razorpayPaymentLinkSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  reference_id: z.string().optional().nullable(),
  amount: z.number().int().optional(),
  short_url: z.string().optional(),
  /** The link's payments, on a fetched link. */
  payments: z
    .array(
      z.looseObject({
        payment_id: z.string(),
        status: z.string().optional(),
        method: z.string().optional(),
      }),
    )
    .nullable()
    .optional(),
});
export type RazorpayPaymentLink = z.infer<typeof razorpayPaymentLinkSchema>;

/** A webhook delivery's body (verified over its raw bytes before it is parsed). */
export const razorpayWebhookSchema = z.looseObject({
  event: z.string(),
  payload: z
    .looseObject({
      payment_link: z.looseObject({ entity: razorpayPaymentLinkSchema }).optional(),
      payment: z.looseObject({ entity: razorpayPaymentSchema }).optional(),
    })
    .optional(),
});
