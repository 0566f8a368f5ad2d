import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { createDemoProvider } from "./demo-provider";
import type { PaymentProvider } from "./payment-provider";

/** The provider PAYMENT_PROVIDER names (config validation guarantees its keys are set). */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.payment.provider === "stripe" && config.payment.stripeSecretKey) {
    // Loaded only when used: the Stripe SDK is sizeable, and most stores start on the demo.
    const { createStripeClient, createStripeProvider } = await import("./stripe-provider");
    return createStripeProvider(createStripeClient(config.payment.stripeSecretKey));
  }
  if (config.payment.provider === "razorpay" && config.payment.razorpay) {
    const { createRazorpayClient, createRazorpayProvider } = await import("./razorpay-provider");
    return createRazorpayProvider(createRazorpayClient(config.payment.razorpay), {
      publicUrl: config.publicUrl,
    });
  }
  return createDemoProvider(db);
}
