import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderChangedSchema, orderIdBodySchema } from "../../../contract/order";
import { razorpayCallbackQuerySchema } from "../../../contract/razorpay";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../http/app-error";
import { errorResponses } from "../../http/route-schemas";
import type { PublicUrls } from "../media/public-urls";
import { returnAddresses } from "./online-checkout";
import { applyPaymentEvent, orderOfSession } from "./payment-events";
import type { PaymentProvider } from "./payment-provider";
import { parseRazorpayEvent, webhookIsSigned } from "./razorpay-events";
import { callbackIsSigned, type RazorpayClient } from "./razorpay-provider";
import { checkWithRazorpay } from "./razorpay-reconcile";

/** Razorpay's link ids: `plink_` and letters and digits. */
const LINK_ID = /^plink_[A-Za-z0-9]{1,40}$/;

export interface RazorpaySecrets {
  keySecret: string;
  webhookSecret: string;
}

/**
 * Razorpay's doors into the store: the browser callback (only redirects) and the signed webhook
 * (the one thing that marks an order paid). Its JSON is kept raw: this plugin has no other route.
 */
export function razorpayRoutes(
  deps: AppDeps & { urls: PublicUrls; payments: PaymentProvider },
  secrets: RazorpaySecrets,
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Signatures are computed over the exact bytes: keep them, in this plugin only.
    app.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );

    app.get(
      "/api/payments/razorpay/callback",
      {
        schema: {
          tags: ["payments"],
          summary:
            "Where Razorpay sends the shopper back: checks the signature and redirects (303); never marks anything paid",
          querystring: razorpayCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        const query = request.query;
        const linkId = query.razorpay_payment_link_id;
        const found = linkId && LINK_ID.test(linkId) ? await orderOfSession(deps.db, linkId) : null;
        const to = returnAddresses(found?.session.returnOrigin ?? deps.config.publicUrl);
        const paid =
          callbackIsSigned(query, secrets.keySecret) &&
          query.razorpay_payment_link_status === "paid";
        // The webhook marks the order paid (it may come before or after this): the orders page
        // shows it as soon as it does.
        return reply
          .header("cache-control", "no-store")
          .redirect(paid ? to.paid : to.cancelled, 303);
      },
    );

    app.post(
      "/api/payments/razorpay/webhook",
      {
        config: { crossSiteAllowed: true },
        schema: {
          tags: ["payments"],
          summary: "Razorpay's webhook (signed; payment_link.paid, .expired, .cancelled)",
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const signature = request.headers["x-razorpay-signature"];
        if (typeof signature !== "string" || !Buffer.isBuffer(request.body))
          throw new AppError("bad_request", "Missing Razorpay signature");
        if (!webhookIsSigned(request.body, signature, secrets.webhookSecret))
          throw new AppError("bad_request", "Invalid Razorpay signature");
        const eventId = request.headers["x-razorpay-event-id"];
        let event;
        try {
          event = parseRazorpayEvent(
            request.body,
            typeof eventId === "string" ? eventId : undefined,
          );
        } catch {
          throw new AppError("bad_request", "Not a Razorpay event");
        }
        const outcome = await applyPaymentEvent(deps.db, "razorpay", event, request.log);
        return { received: true as const, outcome };
      },
    );
  };
}

/** The seller's "Check with Razorpay" (JSON parsed as everywhere else: its own plugin). */
export function razorpayCheckRoutes(deps: AppDeps & { urls: PublicUrls }, client: RazorpayClient) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/order/payment-check",
      {
        onRequest: deps.guards.requireSeller,
        schema: {
          tags: ["seller"],
          summary:
            "Check with Razorpay: fetch the order's payment link and apply its state as its webhook would",
          body: orderIdBodySchema,
          response: { 200: orderChangedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const checked = await checkWithRazorpay(
          { db: deps.db, client, urls: deps.urls, log: request.log },
          request.body.orderId,
        );
        return { success: true as const, ...checked };
      },
    );
  };
}
