import Razorpay from "razorpay";
import { validatePaymentVerification } from "razorpay/dist/utils/razorpay-utils.js";
import {
  razorpayPaymentLinkSchema,
  type RazorpayCallbackQuery,
  type RazorpayPaymentLink,
} from "../../../contract/razorpay";
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  RefundRequest,
} from "./payment-provider";

/** What the store asks Razorpay for when it opens a Payment Link. */
export interface RazorpayLinkRequest {
  amount: number;
  currency: "INR";
  accept_partial: false;
  reference_id: string;
  description: string;
  expire_by: number;
  callback_url: string;
  callback_method: "get";
  upi_link: false;
  notify: { sms: false; email: false };
  reminder_enable: false;
  notes: Record<string, string>;
}

/** The calls the store makes to Razorpay (through the official SDK). */
export interface RazorpayClient {
  createLink(params: RazorpayLinkRequest): Promise<RazorpayPaymentLink>;
  cancelLink(linkId: string): Promise<unknown>;
  fetchLink(linkId: string): Promise<RazorpayPaymentLink>;
  /** `POST /v1/payments/<id>/refund`; the key makes a retry get the same refund back. */
  refund(
    paymentId: string,
    params: { amount: number; notes: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
}

/** The SDK's HTTP client (axios) under `api.rq`: its base address and the headers it sends. */
interface SdkHttp {
  defaults: { baseURL?: string; timeout?: number };
  post(
    url: string,
    data: unknown,
    config: { headers: Record<string, string> },
  ): Promise<{ data: unknown }>;
}

/** A Razorpay answer other than 2xx, as the SDK reports it (a plain object, not an Error). */
function sdkError(error: unknown): Error {
  if (error instanceof Error) return error;
  const answer = error as { statusCode?: number; error?: { code?: string; description?: string } };
  return new Error(
    `Razorpay answered ${answer.statusCode ?? "?"}: ${answer.error?.code ?? ""} ${answer.error?.description ?? ""}`.trim(),
  );
}

/**
 * The official SDK, pointed at `apiUrl` (Razorpay's own API, or a test double): the SDK fixes its
 * host in its constructor, so the base address of its HTTP client is set after.
 */
export function createRazorpayClient(settings: {
  keyId: string;
  keySecret: string;
  apiUrl: string;
}): RazorpayClient {
  const sdk = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  const http = (sdk.api as unknown as { rq: SdkHttp }).rq;
  http.defaults.baseURL = settings.apiUrl;
  http.defaults.timeout = 20_000;
  const link = (answer: unknown) => razorpayPaymentLinkSchema.parse(answer);
  return {
    // The SDK's type asks for a customer; Razorpay does not (the shopper types theirs on the page).
    createLink: (params) =>
      sdk.paymentLink
        .create(params as unknown as Parameters<typeof sdk.paymentLink.create>[0])
        .then(link, (error: unknown) => Promise.reject(sdkError(error))),
    cancelLink: (linkId) =>
      sdk.paymentLink.cancel(linkId).catch((error: unknown) => Promise.reject(sdkError(error))),
    fetchLink: (linkId) =>
      sdk.paymentLink.fetch(linkId).then(link, (error: unknown) => Promise.reject(sdkError(error))),
    // payments.refund takes no headers: the same call through the SDK's own client, with
    // Razorpay's refund idempotency header (X-Refund-Idempotency).
    refund: async (paymentId, params, idempotencyKey) => {
      try {
        const answer = await http.post(
          `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
          params,
          {
            headers: { "X-Refund-Idempotency": idempotencyKey },
          },
        );
        const { id } = answer.data as { id?: unknown };
        if (typeof id !== "string") throw new Error("Razorpay answered a refund without an id");
        return { id };
      } catch (error) {
        const response = (error as { response?: { status: number; data?: { error?: unknown } } })
          .response;
        throw response
          ? sdkError({ statusCode: response.status, error: response.data?.error })
          : error;
      }
    },
  };
}

/** Razorpay Payment Links: one per online order, in INR, amounts in paise, UPI first. */
export function createRazorpayProvider(
  client: RazorpayClient,
  options: { publicUrl: string },
): PaymentProvider & { client: RazorpayClient } {
  return {
    name: "razorpay",
    client,
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const link = await client.createLink({
        amount: request.amountPaise,
        currency: "INR",
        accept_partial: false,
        reference_id: request.orderId,
        description: `GreenCart order ${request.orderId.slice(0, 8)}`,
        // The link lives exactly as long as the order's stock hold.
        expire_by: Math.floor((request.holdEndsAt ?? request.expiresAt).getTime() / 1000),
        callback_url: `${options.publicUrl}/api/payments/razorpay/callback`,
        callback_method: "get",
        upi_link: false,
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { orderId: request.orderId },
      });
      if (!link.short_url) throw new Error("Razorpay returned a payment link without a URL");
      return { id: link.id, url: link.short_url };
    },
    async cancelCheckout(sessionId: string) {
      await client.cancelLink(sessionId);
    },
    async refund(request: RefundRequest) {
      const paymentId = request.paymentId ?? paidPayment(await client.fetchLink(request.sessionId));
      if (!paymentId) throw new Error("This Razorpay payment link has no payment to refund");
      const refund = await client.refund(
        paymentId,
        { amount: request.amountPaise, notes: { orderId: request.orderId } },
        request.idempotencyKey,
      );
      return { reference: refund.id };
    },
  };
}

/** The payment that paid a link (captured), if any. */
export function paidPayment(link: RazorpayPaymentLink): string | undefined {
  const payments = link.payments ?? [];
  return (payments.find((p) => p.status === "captured") ?? payments[0])?.payment_id;
}

/**
 * Whether the callback's `razorpay_signature` is Razorpay's (HMAC-SHA256 with the key secret of
 * `link id|reference id|status|payment id`, the SDK's validatePaymentVerification).
 */
export function callbackIsSigned(query: RazorpayCallbackQuery, keySecret: string): boolean {
  const {
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: linkId,
    razorpay_payment_link_reference_id: referenceId,
    razorpay_payment_link_status: status,
    razorpay_signature: signature,
  } = query;
  if (!paymentId || !linkId || referenceId === undefined || !status || !signature) return false;
  return validatePaymentVerification(
    {
      payment_id: paymentId,
      payment_link_id: linkId,
      payment_link_reference_id: referenceId,
      payment_link_status: status,
    },
    signature,
    keySecret,
  );
}
