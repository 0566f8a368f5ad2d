import type { Config } from "../../config";
import { createDemoProvider } from "./demo-provider";
import type { PaymentProvider } from "./payment-provider";
import { createStripeClient, createStripeProvider } from "./stripe-provider";

/** The provider PAYMENT_PROVIDER names (config validation guarantees Stripe's keys are set). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payment.provider === "stripe" && config.payment.stripeSecretKey) {
    return createStripeProvider(createStripeClient(config.payment.stripeSecretKey));
  }
  return createDemoProvider();
}
