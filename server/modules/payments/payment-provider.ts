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
  /** When the order's stock hold lapses (Razorpay's link expires with it). */
  holdEndsAt?: Date;
  /** Absolute addresses the shopper comes back to (PUBLIC_URL, or the client's allowed origin). */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the hosted checkout. */
  id: string;
  /** Where the shopper's browser goes to pay: absolute, or a path of this store (demo provider). */
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
  /** For a payment: the provider's id of it (kept on the order, and what a refund names). */
  paymentId?: string;
  /** For a payment: how it was paid (`upi`, `card`, `netbanking`, `wallet`...), when told. */
  paymentMethod?: string;
}

export interface RefundRequest {
  sessionId: string;
  /** The provider's id of the payment, when the store has it (recorded from the paid event). */
  paymentId?: string | null;
  orderId: string;
  amountPaise: number;
  /** The same key for every attempt at one order's refund: the provider pays back at most once. */
  idempotencyKey: string;
}

export type PaymentProviderName = "demo" | "stripe" | "razorpay";

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Closes a hosted checkout that is no longer wanted (best effort: the order is cancelled anyway). */
  cancelCheckout(sessionId: string): Promise<void>;
  /** Pays the money back; returns the provider's id of the refund. */
  refund(request: RefundRequest): Promise<{ reference: string }>;
}
