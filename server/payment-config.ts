import { z } from "zod";

// The payment settings of server/config.ts: which provider takes online payments, and its keys.

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const paymentEnvShape = {
  PAYMENT_PROVIDER: optionalText.pipe(
    z
      .enum(["demo", "stripe", "razorpay"], { error: "must be demo, stripe or razorpay" })
      .default("demo"),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  // The SDK's base address (it adds /v1/...): only a test double or a proxy needs another.
  RAZORPAY_API_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL like https://api.razorpay.com" })
      .default("https://api.razorpay.com"),
  ),
};

type PaymentEnv = z.infer<z.ZodObject<typeof paymentEnvShape>>;

const requiredKeys = {
  stripe: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
  razorpay: ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"],
} as const;

/** A provider's keys are required once it is chosen. */
export function checkPaymentEnv(env: PaymentEnv, ctx: z.RefinementCtx): void {
  if (env.PAYMENT_PROVIDER === "demo") return;
  for (const key of requiredKeys[env.PAYMENT_PROVIDER]) {
    if (!env[key])
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `is required when PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER}`,
      });
  }
}

export interface PaymentConfig {
  provider: "demo" | "stripe" | "razorpay";
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Set when PAYMENT_PROVIDER=razorpay (its three keys are then required). */
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string };
}

export function paymentConfig(e: PaymentEnv): PaymentConfig {
  return {
    provider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ""),
          }
        : undefined,
  };
}
