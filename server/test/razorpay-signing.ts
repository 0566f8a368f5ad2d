import { createHmac, randomBytes } from "node:crypto";

// What Razorpay signs: its webhook deliveries (hex HMAC-SHA256 of the body with the webhook
// secret) and the query of a Payment Link's callback (with the key secret), for tests and the
// Razorpay double.

const now = () => Math.floor(Date.now() / 1000);
const eventId = () => `evt_${randomBytes(10).toString("hex")}`;

/** A Payment Link as a webhook describes it. */
interface LinkFields {
  id: string;
  amount: number;
  reference_id: string;
  status?: string;
}

/** The body and headers of a webhook delivery of `event` for `link`, signed with `secret`. */
export function webhookDelivery(
  event: string,
  link: LinkFields,
  secret: string,
  options: { payment?: { id: string; method?: string }; eventId?: string } = {},
) {
  const payload: Record<string, unknown> = {
    payment_link: {
      entity: {
        ...link,
        status: link.status ?? event.split(".")[1],
        currency: "INR",
        amount_paid: options.payment ? link.amount : 0,
      },
    },
  };
  if (options.payment)
    payload.payment = {
      entity: {
        id: options.payment.id,
        entity: "payment",
        amount: link.amount,
        currency: "INR",
        status: "captured",
        method: options.payment.method ?? "upi",
        captured: true,
      },
    };
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_GreenCartTest",
    event,
    contains: Object.keys(payload),
    payload,
    created_at: now(),
  });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": createHmac("sha256", secret).update(body).digest("hex"),
      "x-razorpay-event-id": options.eventId ?? eventId(),
    },
  };
}

/** The query Razorpay adds to the callback URL, signed with the key secret. */
export function callbackQuery(
  link: Pick<LinkFields, "id" | "reference_id">,
  paymentId: string,
  status: string,
  keySecret: string,
): Record<string, string> {
  const signature = createHmac("sha256", keySecret)
    .update(`${link.id}|${link.reference_id}|${status}|${paymentId}`)
    .digest("hex");
  return {
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: link.id,
    razorpay_payment_link_reference_id: link.reference_id,
    razorpay_payment_link_status: status,
    razorpay_signature: signature,
  };
}
