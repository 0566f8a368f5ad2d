import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../server/test/free-port";

const root = path.resolve(import.meta.dirname, "..");

/** The seller login the journeys use (the server makes sure this account exists). */
export const e2eSeller = { email: "seller@e2e.test", password: "e2e-seller-password" };

/** Builds the web app if needed, starts the real server on a free port with a fresh data folder. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const built = ["dist/web/index.html", "dist/ssr/entry-server.js"];
  if (!built.every((file) => fs.existsSync(path.join(root, file)))) {
    const build = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
      { cwd: root, stdio: "inherit" },
    );
    if (build.status !== 0) throw new Error("web build failed");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-e2e-"));
  // The demo catalogue and, behind it, a category of 230 more products to page through.
  const seeded = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(root, "server/scripts/seed-catalog.ts"),
      "--products",
      "230",
      "--category",
      "Grains",
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" } },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr.toString()}`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A storefront hosted on another origin, allowed to call the API (e2e/other-origin.spec.ts).
  const partnerOrigin = `http://127.0.0.1:${await freePort()}`;
  let output = "";
  const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: "",
      PAYMENT_PROVIDER: "demo",
      CORS_ORIGINS: partnerOrigin,
      SELLER_EMAIL: e2eSeller.email,
      SELLER_PASSWORD: e2eSeller.password,
      LOG_LEVEL: "warn",
      // Loopback stands for a proxy: each journey's new shopper comes from an address of their
      // own (e2e/helpers.ts register), as real shoppers do, rather than all of them from one
      // address past its sign-up limit (30 in 10 minutes, tested in the API suites).
      TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_PARTNER_ORIGIN = partnerOrigin;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
