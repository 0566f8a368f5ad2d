import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { callbackQuery, webhookDelivery } from "./razorpay-signing";

export { callbackQuery, webhookDelivery };

// A stand-in for Razorpay's API on loopback (RAZORPAY_API_URL points the SDK here): it answers
// the Payment Links and refunds calls the store makes, shaped as Razorpay documents them, checks
// the key id and secret (Basic auth), and records every request. Its pay page plays Razorpay's
// hosted page for a browser: paying there signs and posts the webhook to the store, then sends
// the browser to the link's callback with a correct signature.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface DoubleLink {
  id: string;
  entity: "payment_link";
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  reference_id: string;
  description: string;
  expire_by: number;
  callback_url: string;
  callback_method: string;
  upi_link: boolean;
  notes: Record<string, string>;
  short_url: string;
  status: "created" | "partially_paid" | "paid" | "expired" | "cancelled";
  payments: { payment_id: string; amount: number; method: string; status: string }[] | null;
  created_at: number;
  updated_at: number;
}

export interface RazorpayDouble {
  url: string;
  requests: RecordedRequest[];
  links: Map<string, DoubleLink>;
  /** Requests to a path (`POST /v1/payment_links`), in order. */
  sent(method: string, path: string | RegExp): RecordedRequest[];
  /** Marks a link paid as Razorpay would once the shopper pays (no webhook): its payment id. */
  pay(linkId: string, method?: string): string;
  /** The next `n` calls answer 500 (Razorpay down). */
  failNext(n?: number): void;
  /** Forgets every request, link and refund (between tests). */
  reset(): void;
  close(): Promise<void>;
}

const alnum = (n: number) =>
  randomBytes(n)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(n, "x")
    .slice(0, n);
const now = () => Math.floor(Date.now() / 1000);

function error(status: number, description: string, code = "BAD_REQUEST_ERROR") {
  return { status, body: { error: { code, description, source: "NA", step: "NA", reason: "NA" } } };
}

export async function startRazorpayDouble(keys: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}): Promise<RazorpayDouble> {
  const requests: RecordedRequest[] = [];
  const links = new Map<string, DoubleLink>();
  const refundsByKey = new Map<string, Record<string, unknown>>();
  let failing = 0;
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`;
  let base = "";

  const pay = (linkId: string, method = "upi"): string => {
    const link = links.get(linkId);
    if (!link) throw new Error(`no link ${linkId}`);
    const paymentId = `pay_${alnum(14)}`;
    link.status = "paid";
    link.amount_paid = link.amount;
    link.payments = [{ payment_id: paymentId, amount: link.amount, method, status: "captured" }];
    link.updated_at = now();
    return paymentId;
  };

  function api(method: string, path: string, headers: http.IncomingHttpHeaders, body: unknown) {
    if (headers.authorization !== auth)
      return error(401, "The api key provided is invalid", "BAD_REQUEST_ERROR");
    if (failing > 0) {
      failing--;
      return error(500, "We are facing some trouble completing your request", "SERVER_ERROR");
    }
    const input = (body ?? {}) as Record<string, unknown>;
    const text = (key: string, otherwise = "") =>
      typeof input[key] === "string" ? input[key] : otherwise;
    if (method === "POST" && path === "/v1/payment_links") {
      const reference = text("reference_id");
      if ([...links.values()].some((l) => l.reference_id === reference && reference))
        return error(400, `Payment Link with reference_id ${reference} already exists`);
      const id = `plink_${alnum(14)}`;
      const link: DoubleLink = {
        id,
        entity: "payment_link",
        amount: Number(input.amount),
        amount_paid: 0,
        currency: text("currency", "INR"),
        accept_partial: Boolean(input.accept_partial),
        reference_id: reference,
        description: text("description"),
        expire_by: Number(input.expire_by ?? 0),
        callback_url: text("callback_url"),
        callback_method: text("callback_method"),
        upi_link: Boolean(input.upi_link),
        notes: (input.notes ?? {}) as Record<string, string>,
        short_url: `${base}/pay/${id}`,
        status: "created",
        payments: null,
        created_at: now(),
        updated_at: now(),
      };
      links.set(id, link);
      return { status: 200, body: link };
    }
    const linkPath = /^\/v1\/payment_links\/(plink_\w+)(\/cancel)?$/.exec(path);
    if (linkPath) {
      const link = links.get(linkPath[1]!);
      if (!link) return error(400, "The id provided does not exist");
      if (method === "GET" && !linkPath[2]) return { status: 200, body: link };
      if (method === "POST" && linkPath[2]) {
        if (link.status !== "created") return error(400, `Payment Link is in ${link.status} state`);
        link.status = "cancelled";
        link.updated_at = now();
        return { status: 200, body: link };
      }
    }
    const refundPath = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path);
    if (method === "POST" && refundPath) {
      const key = headers["x-refund-idempotency"];
      const known = typeof key === "string" ? refundsByKey.get(key) : undefined;
      if (known) return { status: 200, body: known };
      const refund = {
        id: `rfnd_${alnum(14)}`,
        entity: "refund",
        amount: Number(input.amount),
        currency: "INR",
        payment_id: refundPath[1],
        notes: input.notes ?? {},
        status: "processed",
        speed_processed: "normal",
        created_at: now(),
      };
      if (typeof key === "string") refundsByKey.set(key, refund);
      return { status: 200, body: refund };
    }
    return error(400, "The requested URL was not found on the server.", "BAD_REQUEST_ERROR");
  }

  /** The hosted page: Pay (by UPI) or leave. Paying signs the webhook and returns the browser. */
  async function page(method: string, path: string, res: http.ServerResponse) {
    const [, linkId, action] = /^\/pay\/(plink_\w+)(\/pay)?$/.exec(path) ?? [];
    const link = linkId ? links.get(linkId) : undefined;
    if (!link) return res.writeHead(404).end("No such payment link");
    if (method === "GET" && !action) {
      const rupees = (link.amount / 100).toFixed(2);
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><title>Razorpay test double</title><h1>Pay ₹${rupees}</h1>
<p>Test double of Razorpay's hosted page (${link.status}).</p>
<form method="post" action="/pay/${link.id}/pay"><button>Pay by UPI</button></form>`,
      );
    }
    if (method === "POST" && action && link.status === "created") {
      const paymentId = pay(link.id, "upi");
      const store = new URL(link.callback_url).origin;
      const delivery = webhookDelivery("payment_link.paid", link, keys.webhookSecret, {
        payment: { id: paymentId, method: "upi" },
      });
      await fetch(`${store}/api/payments/razorpay/webhook`, {
        method: "POST",
        headers: delivery.headers,
        body: delivery.body,
      }).catch(() => undefined);
      const query = new URLSearchParams(callbackQuery(link, paymentId, "paid", keys.keySecret));
      return res.writeHead(303, { location: `${link.callback_url}?${query}` }).end();
    }
    return res.writeHead(409).end(`This payment link is ${link.status}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const method = req.method ?? "GET";
      if (path.startsWith("/pay/")) {
        void page(method, path, res);
        return;
      }
      requests.push({ method, path, headers: req.headers, body });
      const answer = api(method, path, req.headers, body);
      res
        .writeHead(answer.status, { "content-type": "application/json" })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    links,
    sent: (method, path) =>
      requests.filter(
        (r) =>
          r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      ),
    pay,
    failNext: (n = 1) => {
      failing = n;
    },
    reset: () => {
      requests.length = 0;
      links.clear();
      refundsByKey.clear();
      failing = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
