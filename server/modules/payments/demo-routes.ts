import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps";
import type { PublicUrls } from "../media/public-urls";
import { toOrder } from "../orders/order-view";
import { demoCheckoutPage, demoMessagePage } from "./demo-page";
import { returnAddresses } from "./online-checkout";
import { applyPaymentEvent, orderOfSession } from "./payment-events";

const closedMessage =
  "This payment was cancelled or has expired, and no money was taken. Your cart is waiting for you.";

/**
 * The demo provider's hosted checkout, served by the store itself. Pay and Cancel go through
 * applyPaymentEvent, the same path a real provider's webhook takes; the order's row lock decides
 * between a Pay and a Cancel clicked together, and the page says which one won.
 */
export function demoPaymentRoutes(deps: AppDeps & { urls: PublicUrls }) {
  return async (app: FastifyInstance) => {
    // The page's forms post an empty urlencoded body; only this plugin accepts that type.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    // Demo session ids are `demo_` + base64url; anything else cannot be one.
    const findSession = (id: string) =>
      /^demo_[\w-]{1,64}$/.test(id) ? orderOfSession(deps.db, id) : Promise.resolve(undefined);
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(body);
    const notFound = (reply: FastifyReply) =>
      html(
        reply,
        404,
        demoMessagePage("Payment link not found", "This payment link is not valid."),
      );
    const origin = (returnOrigin: string | null) => returnOrigin ?? deps.config.publicUrl;
    const pageSchema = { hide: true } as const;

    app.get<{ Params: { session: string } }>(
      "/api/payments/demo/:session",
      { schema: pageSchema },
      async (request, reply) => {
        const found = await findSession(request.params.session);
        if (!found) return notFound(reply);
        const { session, order } = found;
        const back = origin(session.returnOrigin);
        if (order.isPaid)
          return html(
            reply,
            200,
            demoMessagePage("Already paid", "This order has been paid. Thank you!", back),
          );
        if (order.status !== "Awaiting Payment" || session.expiresAt < new Date())
          return html(reply, 200, demoMessagePage("Payment closed", closedMessage, back));
        const view = await toOrder(deps.db, order, deps.urls);
        return html(
          reply,
          200,
          demoCheckoutPage({
            sessionId: session.id,
            amountPaise: order.amountPaise,
            items: view.items,
            fees: {
              deliveryPaise: order.deliveryFeePaise,
              smallCartPaise: order.smallCartFeePaise,
            },
          }),
        );
      },
    );

    const act =
      (action: "pay" | "cancel") =>
      async (request: FastifyRequest<{ Params: { session: string } }>, reply: FastifyReply) => {
        const found = await findSession(request.params.session);
        if (!found) return notFound(reply);
        const back = origin(found.session.returnOrigin);
        const to = returnAddresses(back);
        const expired = found.session.expiresAt < new Date();
        const kind = expired ? "expired" : action === "pay" ? "paid" : "failed";
        await applyPaymentEvent(
          deps.db,
          "demo",
          {
            eventId: `demo:${found.session.id}:${kind}`,
            type: `demo.${action}`,
            kind,
            sessionId: found.session.id,
          },
          request.log,
          { takesNoMoneyWhenClosed: true },
        );
        // Whatever this click did, the order now says what happened: tell that, truthfully.
        const now = await findSession(found.session.id);
        const order = now?.order ?? found.order;
        if (order.isPaid) {
          if (action === "pay") return reply.redirect(to.paid, 303);
          return html(
            reply,
            409,
            demoMessagePage(
              "Already paid",
              "This order was paid before it could be cancelled.",
              back,
            ),
          );
        }
        if (order.status === "Cancelled") {
          if (action === "cancel") return reply.redirect(to.cancelled, 303);
          return html(reply, 409, demoMessagePage("Payment closed", closedMessage, back));
        }
        return html(reply, 409, demoMessagePage("Payment closed", closedMessage, back));
      };
    app.post<{ Params: { session: string } }>(
      "/api/payments/demo/:session/pay",
      { schema: pageSchema },
      act("pay"),
    );
    app.post<{ Params: { session: string } }>(
      "/api/payments/demo/:session/cancel",
      { schema: pageSchema },
      act("cancel"),
    );
  };
}
