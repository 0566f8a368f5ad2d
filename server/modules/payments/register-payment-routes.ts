import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { PublicUrls } from "../media/public-urls";
import type { ShopStore } from "../shop/shop-store";
import { checkoutRoutes } from "./checkout-routes";
import { demoPaymentRoutes } from "./demo-routes";
import type { PaymentProvider } from "./payment-provider";
import type { RazorpayClient } from "./razorpay-provider";

/**
 * The payment routes: the online checkout, the demo provider's page, and the webhook (and, for
 * Razorpay, the callback and the seller's check) of the provider PAYMENT_PROVIDER names. A
 * provider's SDK is loaded only when it is the one configured.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: AppDeps & {
    urls: PublicUrls;
    catalog: { cache: CatalogCache };
    shop: ShopStore;
    payments: PaymentProvider;
  },
): Promise<void> {
  const payment = deps.config.payment;
  await app.register(checkoutRoutes(deps));
  await app.register(demoPaymentRoutes(deps));
  if (payment.provider === "stripe" && payment.stripeWebhookSecret) {
    const { stripeWebhookRoutes } = await import("./stripe-webhook-routes");
    await app.register(stripeWebhookRoutes(deps, payment.stripeWebhookSecret));
  }
  if (payment.provider === "razorpay" && payment.razorpay) {
    const { razorpayCheckRoutes, razorpayRoutes } = await import("./razorpay-routes");
    const { createRazorpayClient } = await import("./razorpay-provider");
    // The app's provider's own client (a test may pass a provider of its own), else one made here.
    const client =
      (deps.payments as Partial<{ client: RazorpayClient }>).client ??
      createRazorpayClient(payment.razorpay);
    await app.register(razorpayRoutes(deps, payment.razorpay));
    await app.register(razorpayCheckRoutes(deps, client));
  }
}
