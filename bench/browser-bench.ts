// What the browser benches (grid-add.ts, queue-open.ts) share: a store on a fresh embedded
// database they seed, Debian's Chromium, and the median of their repeats.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { startStore } from "./server-process";

/**
 * The store on a fresh embedded database in a temporary folder, filled by `seed` (given the
 * store's environment) before it starts; or, given `url`, that store as it is. Builds nothing:
 * exits asking for `npx vite build` when there is no build.
 */
export async function storeToMeasure(
  url: string | undefined,
  name: string,
  seed: (env: Record<string, string>) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  if (url) return { url, close: async () => {} };
  if (!fs.existsSync(path.resolve(import.meta.dirname, "../dist/web/index.html"))) {
    console.error("Build the app first: npx vite build");
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `greencart-bench-${name}-`));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  seed(env);
  const store = await startStore(env);
  return {
    url: store.url,
    close: async () => {
      await store.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
