import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../http/app-error";
import { errorResponses } from "../../http/route-schemas";
import { sessionHashOf, type SessionKind } from "../../http/sessions";
import type { OrderStreamHub } from "./order-stream-hub";
import type { StreamAudience } from "./order-stream-registry";
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_SESSION } from "./stream-limits";

const streamHeaders = z.looseObject({
  "last-event-id": z
    .string()
    .regex(/^\d{1,15}$/, "must be an event id")
    .optional(),
});

/** The answer when this process holds as many streams as it may (`ORDER_STREAM_LIMIT`, decision 034). */
const RETRY_STREAM_AFTER_SECONDS = 30;
const streamsFull = () =>
  new AppError(
    "unavailable",
    "Live order updates are busy right now. Your orders still refresh on their own; live updates will be back shortly.",
    { retryAfterSeconds: RETRY_STREAM_AFTER_SECONDS, shedding: true },
  );

const eventStream = {
  description:
    "A stream of server-sent events: `event: order`, `id:` a growing number, `data:` the order as the lists show it, at the status of that event (other fields as the order is now). Send `Last-Event-ID` to receive what was missed first; an id past every event resumes from the newest. A comment every 15 s keeps it open. A shopper's stream never carries an online order while it waits for payment; the seller's carries those too (status Awaiting Payment), as the seller's list of that status shows them." +
    ` A session holds at most ${MAX_STREAMS_PER_SESSION} streams and an account ${MAX_STREAMS_PER_ACCOUNT} across its sessions: a newer one closes the oldest, which is sent \`event: replaced\` first (its page should not take the place back at once: it polls until it is looked at again).` +
    " When the server already holds as many streams as it may, a shopper's new one is answered 503 `unavailable` with Retry-After, before any event: poll the order lists meanwhile (the seller's are let in).",
  content: { "text/event-stream": { schema: z.string() } },
};

/** The live order streams (server-sent events): the shopper's own orders, or all for the seller. */
export function orderStreamRoutes(deps: AppDeps & { orderStreams: OrderStreamHub }) {
  const open = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    audience: StreamAudience,
  ) => {
    const header = request.headers["last-event-id"];
    const lastEventId = typeof header === "string" ? Number(header) : undefined;
    const session = sessionHashOf(request, kind) ?? "";
    // Before the answer is taken over: a refusal is an ordinary JSON error, not an event stream.
    // Nothing is awaited between this and subscribe(), so no other stream slips in between.
    if (!deps.orderStreams.hasRoomFor(audience, session)) throw streamsFull();
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
      connection: "keep-alive",
    });
    await deps.orderStreams.subscribe(reply.raw, audience, session, lastEventId);
  };

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/order/user/events",
      {
        onRequest: deps.guards.requireShopper,
        schema: {
          tags: ["orders"],
          summary: "Live changes of the shopper's own orders",
          headers: streamHeaders,
          response: { 200: eventStream, ...errorResponses },
        },
      },
      async (request, reply) => {
        await open(request, reply, "user", { kind: "shopper", userId: request.userId });
      },
    );
    app.get(
      "/api/order/seller/events",
      {
        onRequest: deps.guards.requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Live changes of every order",
          headers: streamHeaders,
          response: { 200: eventStream, ...errorResponses },
        },
      },
      async (request, reply) => {
        await open(request, reply, "seller", { kind: "seller", sellerId: request.sellerId });
      },
    );
  };
}
