import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { razorpayWebhookSchema, type RazorpayPaymentLink } from "../../../contract/razorpay";
import { paidPayment } from "./razorpay-provider";
import type { PaymentEvent } from "./payment-provider";

/**
 * Whether `signature` (X-Razorpay-Signature) is the hex HMAC-SHA256 of these exact bytes with the
 * webhook secret. Not the SDK's validateWebhookSignature: it decodes the body to text first (two
 * bodies differing in an invalid UTF-8 byte decode alike, so one would pass for the other) and
 * compares with `===` (time leaks how much of a guess was right).
 */
export function webhookIsSigned(rawBody: Buffer, signature: string, secret: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * A verified webhook delivery reduced to a PaymentEvent. The event id is Razorpay's
 * `x-razorpay-event-id` (the same on every retry of one event); without it, a hash of the body.
 * Throws when the body is not a Razorpay event.
 */
export function parseRazorpayEvent(rawBody: Buffer, eventIdHeader?: string): PaymentEvent {
  const body = razorpayWebhookSchema.parse(JSON.parse(rawBody.toString("utf8")));
  const eventId =
    eventIdHeader && eventIdHeader.length <= 200
      ? eventIdHeader
      : `body:${createHash("sha256").update(rawBody).digest("hex")}`;
  const link = body.payload?.payment_link?.entity;
  const payment = body.payload?.payment?.entity;
  const base = {
    eventId,
    type: body.event,
    sessionId: link?.id,
    orderId: link?.reference_id ?? undefined,
  };
  switch (body.event) {
    case "payment_link.paid":
      return { ...base, kind: "paid", paymentId: payment?.id, paymentMethod: payment?.method };
    case "payment_link.expired":
      return { ...base, kind: "expired" };
    case "payment_link.cancelled":
      return { ...base, kind: "failed" };
    default:
      return { ...base, kind: "ignored" };
  }
}

/**
 * A link fetched from Razorpay ("Check with Razorpay") as the event its state means, applied like
 * a webhook's: paid, expired or cancelled; any other state changes nothing. Its id names the
 * link and the state, so a second check of the same state is a duplicate.
 */
export function eventOfLink(link: RazorpayPaymentLink): PaymentEvent {
  const base = {
    eventId: `check:${link.id}:${link.status}`,
    type: `payment_link.${link.status} (checked)`,
    sessionId: link.id,
    orderId: link.reference_id ?? undefined,
  };
  switch (link.status) {
    case "paid":
      return {
        ...base,
        kind: "paid",
        paymentId: paidPayment(link),
        paymentMethod: link.payments?.find((p) => p.status === "captured")?.method,
      };
    case "expired":
      return { ...base, kind: "expired" };
    case "cancelled":
      return { ...base, kind: "failed" };
    default:
      return { ...base, kind: "ignored" };
  }
}
