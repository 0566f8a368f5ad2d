/**
 * What the store needs from a payment gateway. The order code talks only to this interface, so
 * another gateway (Razorpay, say) is one more module (docs/decisions/006-payment-providers.md).
 */
export interface CheckoutRequest {
  orderId: string;
  amountPaise: number;
  lines: { name: string; unitAmountPaise: number; quantity: number }[];
  /** When the hosted page stops accepting payment. */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the hosted checkout. */
  id: string;
  /** Where the shopper's browser goes to pay. */
  url: string;
}

/** A provider's event, reduced to what the store acts on. */
export interface PaymentEvent {
  /** Unique per event at the provider: each is applied at most once. */
  eventId: string;
  /** The provider's own event name, kept for the record. */
  type: string;
  kind: "paid" | "failed" | "expired" | "ignored";
  sessionId?: string;
  /** The order id the store gave the provider, when the event carries it (a fallback to sessionId). */
  orderId?: string;
}

export interface PaymentProvider {
  readonly name: "demo" | "stripe";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Asks the provider to pay the money back (used when a payment arrives for a lapsed order). */
  refund(sessionId: string): Promise<void>;
}
