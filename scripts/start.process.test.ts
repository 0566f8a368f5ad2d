import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// `npm start` as a service manager or `kill` stops it: a SIGTERM sent to npm alone must reach the
// store. npm runs the script through `sh -c`, and Debian's sh (dash) does not pass a signal on to
// its child: without `exec` the store was left running, holding the port and the data folder.

const root = path.resolve(import.meta.dirname, "..");
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-start-signal-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

it("stops the started process when npm is sent SIGTERM", async () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  // The project's own start script, run by npm, with a stand-in for scripts/start.mjs that says
  // when it is running and when a SIGTERM reaches it.
  fs.writeFileSync(
    path.join(folder, "package.json"),
    JSON.stringify({ name: "start-signal", private: true, scripts: { start: scripts.start } }),
  );
  fs.mkdirSync(path.join(folder, "scripts"));
  fs.writeFileSync(
    path.join(folder, "scripts/start.mjs"),
    `import fs from "node:fs";
     process.on("SIGTERM", () => { fs.writeFileSync("stopped", "SIGTERM"); process.exit(0); });
     fs.writeFileSync("running", String(process.pid));
     setInterval(() => {}, 1000);`,
  );
  const npm = spawn("npm", ["start", "--silent"], { cwd: folder, stdio: "ignore" });
  const npmExited = new Promise((resolve) => npm.on("exit", resolve));
  const running = path.join(folder, "running");
  for (let i = 0; i < 100 && !fs.existsSync(running); i++)
    await new Promise((r) => setTimeout(r, 100));
  const startPid = Number(fs.readFileSync(running, "utf8"));

  npm.kill("SIGTERM");
  await npmExited;
  for (let i = 0; i < 50 && !fs.existsSync(path.join(folder, "stopped")); i++)
    await new Promise((r) => setTimeout(r, 100));
  const stillRunning = (() => {
    try {
      process.kill(startPid, 0);
      return true;
    } catch {
      return false;
    }
  })();
  if (stillRunning) process.kill(startPid, "SIGKILL");
  expect(fs.existsSync(path.join(folder, "stopped"))).toBe(true);
  expect(stillRunning).toBe(false);
}, 30_000);
