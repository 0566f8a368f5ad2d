import http from "node:http";

/** One keep-alive agent for the load: what browsers do, and cheap for the load generator. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  body: string;
  /** The body's bytes as sent (not decoded: a compressed answer stays compressed). */
  bytes: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** A plain HTTP request over loopback, answered with its status and body. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        agent,
        headers: {
          ...(options.body !== undefined
            ? { "content-length": Buffer.byteLength(options.body) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            body: bytes.toString(),
            bytes,
            headers: res.headers,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export function postJson(url: string, body: unknown, cookie: string): Promise<Answer> {
  return request(url, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
}
