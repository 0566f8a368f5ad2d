import { randomBytes } from "node:crypto";
import type { CheckoutSession, PaymentProvider } from "./payment-provider";

/**
 * The built-in offline provider: its "hosted page" is served by this store at
 * /api/payments/demo/<session>, so online payment works with no account anywhere.
 */
export function createDemoProvider(): PaymentProvider {
  return {
    name: "demo",
    async createCheckout(): Promise<CheckoutSession> {
      const id = `demo_${randomBytes(24).toString("base64url")}`;
      return { id, url: `/api/payments/demo/${id}` };
    },
    async refund() {
      // No money moved; the order's needs_refund flag is the record.
    },
  };
}
