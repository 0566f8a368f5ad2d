import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps";
import { z } from "zod";
import { AppError } from "../../http/app-error";
import { errorResponses } from "../../http/route-schemas";
import { applyPaymentEvent } from "./payment-events";
import { parseStripeEvent } from "./stripe-provider";

/** Stripe's webhook: verified over the raw body, exempt from the cross-site guard (its signature protects it). */
export function stripeWebhookRoutes(deps: AppDeps, webhookSecret: string) {
  return async (app: FastifyInstance) => {
    // Signatures are computed over the exact bytes: keep them, in this plugin only.
    app.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );

    app.post(
      "/api/payments/stripe/webhook",
      {
        config: { crossSiteAllowed: true },
        schema: {
          tags: ["payments"],
          summary: "Stripe's webhook (signed; checkout.session.* events)",
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
          throw new AppError("bad_request", "Missing Stripe signature");
        }
        let event;
        try {
          event = parseStripeEvent(request.body, signature, webhookSecret);
        } catch {
          throw new AppError("bad_request", "Invalid Stripe signature");
        }
        const outcome = await applyPaymentEvent(deps.db, "stripe", event, request.log);
        return { received: true as const, outcome };
      },
    );
  };
}
