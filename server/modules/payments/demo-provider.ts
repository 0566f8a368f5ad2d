import { randomBytes } from "node:crypto";
import type { Db } from "../../db/database";
import { paymentEvents } from "../../db/schema";
import type { CheckoutSession, PaymentProvider, RefundRequest } from "./payment-provider";

/**
 * The built-in offline provider: its "hosted page" is served by this store at
 * /api/payments/demo/<session>, so online payment works with no account anywhere. Its refunds
 * are recorded in payment_events under a unique key, as a real provider would keep them.
 */
export function createDemoProvider(db: Db): PaymentProvider {
  return {
    name: "demo",
    async createCheckout(): Promise<CheckoutSession> {
      const id = `demo_${randomBytes(24).toString("base64url")}`;
      return { id, url: `/api/payments/demo/${id}` };
    },
    async cancelCheckout() {
      // The page reads the order's status: a cancelled order's page takes no payment.
    },
    async refund(request: RefundRequest) {
      const reference = `demo_refund_${request.orderId}`;
      await db
        .insert(paymentEvents)
        .values({
          provider: "demo",
          eventId: request.idempotencyKey,
          type: "demo.refund",
          orderId: request.orderId,
          outcome: "refunded",
        })
        .onConflictDoNothing();
      return { reference };
    },
  };
}
