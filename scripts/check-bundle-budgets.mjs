// Size budgets of the built storefront (dist/web), gzipped at level 9:
//   entry JavaScript (index.html's module script and what every page preloads, entry-files.mjs)
//   ≤ 100 KB,
//   CSS ≤ 20 KB, and no seller-area code in the storefront's entry.
// Exits 1 on any breach. `npm test` runs it after `vite build`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { entryFiles } from "./entry-files.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/web");
const KB = 1024;
const budgets = { entryJs: 100 * KB, css: 20 * KB };
/** Text that only the seller area contains. */
const sellerMarkers = ["Hi! Admin", "Orders List", "/api/product/add"];

const gzipSize = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length;
const html = fs.readFileSync(path.join(root, "index.html"), "utf8");
const refs = (pattern) => [...html.matchAll(pattern)].map((m) => m[1].replace(/^\//, ""));
const entryJsFiles = entryFiles(html);
const cssFiles = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
const allJs = fs.readdirSync(path.join(root, "assets")).filter((f) => f.endsWith(".js"));
const sellerChunks = allJs.filter((f) =>
  sellerMarkers.some((m) => fs.readFileSync(path.join(root, "assets", f), "utf8").includes(m)),
);

const entryJs = entryJsFiles.reduce((sum, f) => sum + gzipSize(f), 0);
const css = cssFiles.reduce((sum, f) => sum + gzipSize(f), 0);
const sellerInEntry = entryJsFiles.filter((f) =>
  sellerMarkers.some((m) => fs.readFileSync(path.join(root, f), "utf8").includes(m)),
);

const rows = [
  [
    "storefront entry JS (gzip)",
    `${(entryJs / KB).toFixed(1)} KB`,
    `≤ ${budgets.entryJs / KB} KB`,
    entryJs <= budgets.entryJs,
  ],
  ["CSS (gzip)", `${(css / KB).toFixed(1)} KB`, `≤ ${budgets.css / KB} KB`, css <= budgets.css],
  [
    "seller code in the entry",
    sellerInEntry.length ? sellerInEntry.join(", ") : "none",
    "none",
    sellerInEntry.length === 0,
  ],
  [
    "separate seller chunk",
    sellerChunks.join(", ") || "missing",
    "present",
    sellerChunks.length > 0 && entryJsFiles.every((f) => !sellerChunks.includes(path.basename(f))),
  ],
];
for (const [name, value, budget, ok] of rows)
  console.log(`${ok ? "ok  " : "FAIL"}  ${name.padEnd(28)} ${String(value).padEnd(24)} ${budget}`);
if (entryJsFiles.length === 0) {
  console.log("FAIL  no entry script found in dist/web/index.html");
  process.exit(1);
}
process.exit(rows.every((r) => r[3]) ? 0 : 1);
