import Stripe from "stripe";
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentEvent,
  PaymentProvider,
  RefundRequest,
} from "./payment-provider";

/** The part of the Stripe client the store uses; tests pass a fake with the same shape. */
export interface StripeClient {
  checkout: {
    sessions: {
      create(
        params: Stripe.Checkout.SessionCreateParams,
        options?: Stripe.RequestOptions,
      ): Promise<{ id: string; url: string | null }>;
      retrieve(id: string): Promise<{ payment_intent?: string | { id: string } | null }>;
      expire(id: string): Promise<unknown>;
    };
  };
  refunds: {
    create(
      params: Stripe.RefundCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<{ id: string }>;
  };
}

export function createStripeClient(secretKey: string): StripeClient & Stripe {
  return new Stripe(secretKey);
}

/** Stripe Checkout in INR, amounts in paise, one line per product. */
export function createStripeProvider(
  client: StripeClient,
): PaymentProvider & { client: StripeClient } {
  return {
    name: "stripe",
    client,
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await client.checkout.sessions.create(
        {
          mode: "payment",
          currency: "inr",
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: "inr",
              unit_amount: line.unitAmountPaise,
              product_data: { name: line.name.slice(0, 250) },
            },
          })),
          metadata: { orderId: request.orderId },
          client_reference_id: request.orderId,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },
    async cancelCheckout(sessionId: string) {
      await client.checkout.sessions.expire(sessionId);
    },
    async refund(request: RefundRequest) {
      const session = await client.checkout.sessions.retrieve(request.sessionId);
      const intent = session.payment_intent;
      const paymentIntent = typeof intent === "string" ? intent : intent?.id;
      if (!paymentIntent) throw new Error("This Stripe checkout has no payment to refund");
      // Stripe keeps the key for 24 hours: a retry gets the same refund, never a second one.
      const refund = await client.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountPaise,
          metadata: { orderId: request.orderId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { reference: refund.id };
    },
  };
}

/**
 * Verifies a webhook delivery against the raw body and signature (default tolerance: 5 minutes)
 * and reduces it to a PaymentEvent. Throws on a bad signature.
 */
export function parseStripeEvent(
  rawBody: Buffer,
  signature: string,
  webhookSecret: string,
): PaymentEvent {
  const event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  const session = event.data.object as Partial<Stripe.Checkout.Session>;
  const sessionId = typeof session.id === "string" ? session.id : undefined;
  const orderId = session.metadata?.orderId;

  switch (event.type) {
    case "checkout.session.completed":
      // 'unpaid' means an asynchronous method is still pending: wait for async_payment_succeeded.
      return {
        eventId: event.id,
        type: event.type,
        sessionId,
        orderId,
        kind: session.payment_status === "unpaid" ? "ignored" : "paid",
      };
    case "checkout.session.async_payment_succeeded":
      return { eventId: event.id, type: event.type, sessionId, orderId, kind: "paid" };
    case "checkout.session.async_payment_failed":
      return { eventId: event.id, type: event.type, sessionId, orderId, kind: "failed" };
    case "checkout.session.expired":
      return { eventId: event.id, type: event.type, sessionId, orderId, kind: "expired" };
    default:
      return { eventId: event.id, type: event.type, sessionId, orderId, kind: "ignored" };
  }
}
