import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../test/factories";
import { capturedLog } from "../test/captured-log";
import { imagePart, pngImage } from "../test/images";
import { multipartBody } from "../test/multipart";
import { productData } from "../test/product-uploads";
import { createSeller } from "../test/sessions";
import { useTestApp } from "../test/test-app";

// Uploads cut short: a body that ends early (no closing boundary, cut in a part's headers, in a
// field, in a file) is the client's fault, answered 400 in the contract's shape; a client that
// hangs up mid-upload is answered nothing and logged at info, never as the database being lost.
const log = capturedLog("info");
const t = useTestApp({}, { logger: log.logger });
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(() => undefined);

/** Where a cut lands: every kind of place in a multipart body, found in the body itself. */
function cutPoints(payload: Buffer): number[] {
  const text = payload.toString("latin1");
  const points = new Set<number>([1, 2]);
  const boundaries = [...text.matchAll(/--[-\w]+/g)].map((m) => m.index);
  for (const at of boundaries) for (const d of [0, 1, 5, 20]) points.add(at + d);
  for (const m of text.matchAll(/\r\n\r\n/g))
    for (const d of [-3, 0, 2, 4, 10]) points.add(m.index + d);
  for (const m of text.matchAll(/Content-(Disposition|Type)/g)) points.add(m.index + 8);
  // Up to the closing delimiter's last dash (the CRLF after it is optional: with it whole, the
  // body is whole).
  const closing = text.lastIndexOf("--\r\n");
  for (const d of [-6, -2, 0, 1]) points.add(closing + d);
  // Inside the file's data, near its start, middle and end.
  const data = text.indexOf("\x89PNG");
  const end = text.lastIndexOf("\r\n--");
  for (const f of [0, 0.01, 0.5, 0.99]) points.add(Math.floor(data + (end - data) * f));
  return [...points].filter((p) => p > 0 && p < closing + 2).sort((a, b) => a - b);
}

const routes = ["/api/product/add", "/api/product/images"] as const;

async function bodyFor(route: (typeof routes)[number]) {
  const image = imagePart(Buffer.concat([await pngImage(), Buffer.alloc(60_000, 7)]));
  if (route === "/api/product/add") return multipartBody({ productData }, [image]);
  const product = await insertProduct(t.database.db);
  return multipartBody({ id: product.id, keep: "[]" }, [image]);
}

describe("a multipart upload cut short", () => {
  it.each(routes)("answers 400 at every kind of cut in %s, never a 5xx", async (route) => {
    const { cookies } = await createSeller(t.database.db);
    const { payload, headers } = await bodyFor(route);
    const linesBefore = log.lines.length;
    const points = cutPoints(payload);
    expect(points.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const cut of points) {
      const response = await t.app.inject({
        method: "POST",
        url: route,
        cookies,
        headers,
        payload: payload.subarray(0, cut),
      });
      const body = response.json<{ success: boolean; code: string; message: string }>();
      answers.push(`${cut}: ${response.statusCode} ${body.code}`);
      expect(response.statusCode, `cut at ${cut}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `cut at ${cut}`).toBeLessThan(500);
      expect(body.success).toBe(false);
      expect(body.message.length).toBeGreaterThan(0);
    }
    expect(log.lines.slice(linesBefore).filter((line) => line.level >= 40)).toEqual([]);
  });

  it("answers 400 to a client that stops sending but waits, and nothing to one that hangs up; logged at info", async () => {
    const { cookies } = await createSeller(t.database.db);
    const cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    for (const route of routes) {
      const { payload, headers } = await bodyFor(route);
      for (const how of ["stops", "hangs up"] as const)
        for (const cut of [200, 2_000, 40_000]) {
          const before = log.lines.length;
          const answer = await new Promise<string>((resolve) => {
            const socket = net.connect(port, "127.0.0.1");
            let got = "";
            socket.on("data", (chunk) => (got += chunk.toString()));
            socket.on("close", () => resolve(got));
            socket.on("error", () => resolve(got));
            socket.write(
              `POST ${route} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n` +
                `Content-Type: ${headers["content-type"]}\r\nContent-Length: ${payload.length}\r\n\r\n`,
            );
            socket.write(payload.subarray(0, cut));
            setTimeout(() => (how === "stops" ? socket.end() : socket.destroy()), 50);
          });
          if (how === "stops") expect(answer).toMatch(/^HTTP\/1\.1 400 /);
          await expect.poll(() => log.lines.length).toBeGreaterThan(before);
          const lines = log.lines.slice(before);
          expect(lines.filter((line) => line.level >= 40)).toEqual([]);
          expect(lines.map((line) => line.msg)).toContain(
            "the client left before its request ended",
          );
        }
    }
    // And the store still answers.
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });
});
