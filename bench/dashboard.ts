import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { percentile, withBenchDatabase } from "./bench-database";
import { request } from "./http-client";
import { runScript, startStore } from "./server-process";

export interface DashboardResult {
  orders: number;
  rows: { call: string; p50Ms: number; p95Ms: number }[];
}

async function sellerCookie(url: string): Promise<string> {
  const body = JSON.stringify({ email: "bench@greencart.local", password: "bench-password" });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/seller/login`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": body.length },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve((res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ")),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The seller's dashboard on PostgreSQL with 100,000 past orders (seeded by seed:orders), beside
 * the floor of an HTTP answer that reads the database once (/api/health).
 */
export async function benchDashboard(options: {
  adminUrl: string;
  orders: number;
  samples: number;
}): Promise<DashboardResult> {
  return withBenchDatabase(options.adminUrl, async (url) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-bench-dashboard-"));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: url };
      runScript("server/scripts/seed-catalog.ts", ["--products", "300"], env);
      runScript("server/scripts/seed-orders.ts", ["--orders", String(options.orders)], env);
      const store = await startStore(env);
      try {
        const cookie = await sellerCookie(store.url);
        const rows: DashboardResult["rows"] = [];
        for (const [call, route, headers] of [
          ["GET /api/health (floor: one query)", "/api/health", {}],
          ["GET /api/seller/dashboard?days=7", "/api/seller/dashboard?days=7", { cookie }],
          ["GET /api/seller/dashboard?days=30", "/api/seller/dashboard?days=30", { cookie }],
        ] as const) {
          const times: number[] = [];
          for (let i = 0; i < options.samples + 3; i++) {
            const t0 = performance.now();
            const answer = await request(`${store.url}${route}`, { headers });
            if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
            if (i >= 3) times.push(performance.now() - t0); // the first few warm the caches
          }
          rows.push({
            call,
            p50Ms: Number(percentile(times, 50).toFixed(1)),
            p95Ms: Number(percentile(times, 95).toFixed(1)),
          });
        }
        return { orders: options.orders, rows };
      } finally {
        await store.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
