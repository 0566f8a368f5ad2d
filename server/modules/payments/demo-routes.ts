import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { AppDeps } from "../../app-deps";
import { orders, paymentSessions } from "../../db/schema";
import { toOrder } from "../orders/order-view";
import { demoCheckoutPage, demoMessagePage } from "./demo-page";
import { applyPaymentEvent } from "./payment-events";

/**
 * The demo provider's hosted checkout, served by the store itself. Pay and Cancel go through
 * applyPaymentEvent, the same path a real provider's webhook takes.
 */
export function demoPaymentRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    // The page's forms post an empty urlencoded body; only this plugin accepts that type.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    const findSession = async (id: string) => {
      // Demo session ids are `demo_` + base64url; anything else cannot be one.
      if (!/^demo_[\w-]{1,64}$/.test(id)) return undefined;
      const [row] = await deps.db
        .select({ session: paymentSessions, order: orders })
        .from(paymentSessions)
        .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
        .where(and(eq(paymentSessions.id, id), eq(paymentSessions.provider, "demo")))
        .limit(1);
      return row;
    };
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(body);

    app.get<{ Params: { session: string } }>(
      "/api/payments/demo/:session",
      async (request, reply) => {
        const found = await findSession(request.params.session);
        if (!found)
          return html(
            reply,
            404,
            demoMessagePage("Payment link not found", "This payment link is not valid."),
          );
        const { session, order } = found;
        if (order.isPaid)
          return html(
            reply,
            200,
            demoMessagePage("Already paid", "This order has been paid. Thank you!"),
          );
        if (order.status !== "Awaiting Payment" || session.expiresAt < new Date()) {
          return html(
            reply,
            200,
            demoMessagePage(
              "Payment closed",
              "This payment was cancelled or has expired. Your cart is waiting for you.",
            ),
          );
        }
        const view = await toOrder(deps.db, order);
        return html(
          reply,
          200,
          demoCheckoutPage({
            sessionId: session.id,
            amountPaise: order.amountPaise,
            items: view.items,
          }),
        );
      },
    );

    const act =
      (action: "pay" | "cancel") =>
      async (request: FastifyRequest<{ Params: { session: string } }>, reply: FastifyReply) => {
        const found = await findSession(request.params.session);
        if (!found)
          return html(
            reply,
            404,
            demoMessagePage("Payment link not found", "This payment link is not valid."),
          );
        const { order } = found;
        // Like a real hosted page, a closed checkout takes no money: nothing happens.
        if (order.isPaid) return reply.redirect("/loader?next=my-orders", 303);
        if (order.status !== "Awaiting Payment")
          return html(
            reply,
            409,
            demoMessagePage(
              "Payment closed",
              "This payment was cancelled or has expired. Your cart is waiting for you.",
            ),
          );
        const expired = found.session.expiresAt < new Date();
        const kind = action === "pay" && !expired ? "paid" : expired ? "expired" : "failed";
        await applyPaymentEvent(
          deps.db,
          "demo",
          {
            eventId: `demo:${found.session.id}:${action}`,
            type: `demo.${action}`,
            kind,
            sessionId: found.session.id,
          },
          request.log,
        );
        deps.catalogCache.invalidate();
        return reply.redirect(kind === "paid" ? "/loader?next=my-orders" : "/cart", 303);
      };
    app.post<{ Params: { session: string } }>("/api/payments/demo/:session/pay", act("pay"));
    app.post<{ Params: { session: string } }>("/api/payments/demo/:session/cancel", act("cancel"));
  };
}
