import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { withBenchDatabase } from "./bench-database";
import { request } from "./http-client";
import { rssMb, startStore } from "./server-process";

export interface MemoryResult {
  engine: "PGlite" | "PostgreSQL";
  restMb: number;
  /** At rest again after drawing the storefront's pages once (the page renderer loaded). */
  afterPagesMb: number;
  burstPeakMb: number;
  afterMinuteMb: number;
  /**
   * After the burst, the first sample back under the rest figure after start + 100 MB (seconds),
   * or null: the stricter of the two rest figures, as issue 12 asks.
   */
  backWithinSeconds: number | null;
  uploads201: number;
}

/** A 4 MB picture that does not compress (noise), like a phone photo at full size. */
async function heavyPicture(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

function multipart(image: Buffer): { body: Buffer; type: string } {
  const boundary = `----bench${randomBytes(6).toString("hex")}`;
  const productData = JSON.stringify({
    name: "Bench Photo Product",
    category: "Fruits",
    price: 100,
    offerPrice: 90,
  });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="productData"\r\n\r\n${productData}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function measure(engine: MemoryResult["engine"], env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-memory-"));
  const store = await startStore({ DATA_DIR: dataDir, ...env });
  try {
    await new Promise((r) => setTimeout(r, 5000));
    const restMb = rssMb(store.pid);
    for (const page of [
      "/",
      "/products/vegetables",
      "/products?search=rice",
      "/products",
      "/cart",
    ]) {
      const answer = await request(`${store.url}${page}`);
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
    }
    await new Promise((r) => setTimeout(r, 3000));
    const afterPagesMb = rssMb(store.pid);
    const cookie = await sellerCookie(store.url);
    let peak = afterPagesMb;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(store.pid))), 100);
    const picture = await heavyPicture();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => {
        const { body, type } = multipart(picture);
        return request(`${store.url}/api/product/add`, {
          method: "POST",
          headers: { "content-type": type, cookie },
          body,
        });
      }),
    );
    clearInterval(sampler);
    const burstEnded = Date.now();
    let backWithinSeconds: number | null = null;
    let afterMinuteMb = rssMb(store.pid);
    while (Date.now() - burstEnded < 60_000) {
      await new Promise((r) => setTimeout(r, 2000));
      afterMinuteMb = rssMb(store.pid);
      if (backWithinSeconds === null && afterMinuteMb <= restMb + 100)
        backWithinSeconds = Math.round((Date.now() - burstEnded) / 1000);
    }
    return {
      engine,
      restMb,
      afterPagesMb,
      burstPeakMb: peak,
      afterMinuteMb,
      backWithinSeconds,
      uploads201: answers.filter((a) => a.status === 201).length,
      pictureMb: Number((picture.length / 1024 / 1024).toFixed(1)),
    };
  } finally {
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sellerCookie(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: "bench@greencart.local", password: "bench-password" });
    void import("node:http").then(({ default: http }) => {
      const req = http.request(
        `${url}/api/seller/login`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": body.length },
        },
        (res) => {
          const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
          res.resume();
          res.on("end", () => resolve(cookie));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  });
}

/** RSS at rest after start, and through and after a burst of 30 concurrent 4 MB uploads. */
export async function benchMemory(adminUrl: string): Promise<MemoryResult[]> {
  const results: MemoryResult[] = [];
  results.push(await measure("PGlite", { DATABASE_URL: "" }));
  results.push(
    await withBenchDatabase(adminUrl, (url) => measure("PostgreSQL", { DATABASE_URL: url })),
  );
  return results;
}
