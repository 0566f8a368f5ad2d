// `npm start`: build the web app if it is missing or older than its sources, then run the server
// (which migrates, seeds and listens). Plain Node so it runs before anything is built.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverEnv } from "./server-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "dist/web/index.html");
// The server's renderer of storefront pages (dist/ssr), built by the same `vite build`.
const builtRenderer = path.join(root, "dist/ssr/entry-server.js");
const sources = ["web", "contract", "vite.config.ts", "package-lock.json"];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt =
  fs.existsSync(builtIndex) && fs.existsSync(builtRenderer) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log(
    builtAt === 0
      ? "Building the web app (first start)..."
      : "Web app sources changed: rebuilding...",
  );
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
  cwd: root,
  env: serverEnv(process.env),
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
