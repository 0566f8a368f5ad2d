// `npm start`: run the server (which migrates, seeds and listens), building the web app beside it
// first if it is missing or older than its sources. Plain Node so it runs before anything is built.
import { spawn } from "node:child_process";
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
const mustBuild = builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt;

// While the web app builds, the server prepares its database (migrations, the demo catalogue and
// its pictures) in parallel: it says when that is done, waits for the build, then listens
// (server/web-build-handshake.ts). Each side prints its steps, [1/3] to [3/3].
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
  cwd: root,
  env: { ...serverEnv(process.env), ...(mustBuild ? { GREENCART_AWAIT_WEB_BUILD: "1" } : {}) },
  stdio: mustBuild ? ["inherit", "inherit", "inherit", "ipc"] : "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

if (mustBuild) {
  console.log(
    builtAt === 0
      ? "Preparing GreenCart (first start): building the web app while the database is set up..."
      : "Web app sources changed: rebuilding...",
  );
  let built = false;
  let databaseReady = false;
  const go = () => {
    if (!built || !databaseReady || !server.connected) return;
    server.send("web-built");
    server.disconnect();
  };
  server.on("message", (message) => {
    if (message !== "database-ready") return;
    databaseReady = true;
    go();
  });
  const build = spawn(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, env: { ...process.env, GREENCART_BUILD_PROGRESS: "1" }, stdio: "inherit" },
  );
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => build.kill(signal));
  build.on("exit", (code, signal) => {
    if (code !== 0) {
      console.error(`\nThe web app could not be built (${signal ?? `exit code ${code}`}).`);
      server.kill("SIGTERM");
      server.removeAllListeners("exit");
      server.on("exit", () => process.exit(code ?? 1));
      return;
    }
    built = true;
    go();
  });
}
