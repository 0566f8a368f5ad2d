import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverEnv } from "../scripts/server-env.mjs";
import { freePort } from "../server/test/free-port";

const root = path.resolve(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  /** The store's process id (to read its memory). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts the real store (`server/main.ts`) on a free loopback port and waits until it answers.
 *
 * It starts with the environment `npm start` gives it (scripts/server-env.mjs), in a session of
 * its own (`detached`), as a service manager would run it: Linux shares the CPU fairly between
 * sessions ("autogroups") before it shares it between processes, so a store started inside the
 * bench's session would split one share with the bench's own load generators, which on a real
 * server are the shoppers' phones, elsewhere. PostgreSQL runs in its own session already. It is
 * stopped when the bench ends, however it ends.
 */
export function startStore(env: Record<string, string>): Promise<RunningServer> {
  return startServerProcess(
    // Node flags for the store alone, e.g. BENCH_STORE_NODE_ARGS="--cpu-prof
    // --cpu-prof-dir=/tmp/profiles" to see where its CPU goes under the bench's load.
    [...(process.env.BENCH_STORE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []), "server/main.ts"],
    {
      LOG_LEVEL: "warn",
      SELLER_EMAIL: "bench@greencart.local",
      SELLER_PASSWORD: "bench-password",
      ...env,
    },
    "/api/health",
  );
}

/** The catalogue's ceiling (bench/bare-server.ts), started exactly as the store is. */
export function startBareServer(body: Buffer, contentType: string): Promise<RunningServer> {
  const file = path.join(os.tmpdir(), `greencart-bare-${process.pid}-${Date.now()}`);
  fs.writeFileSync(file, body);
  return startServerProcess(["bench/bare-server.ts", file, contentType], {}, "/").finally(() =>
    fs.rmSync(file, { force: true }),
  );
}

/** `node --import tsx <args>` on a free loopback port, in a session of its own, once it answers. */
async function startServerProcess(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      ...env,
    }),
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stopOnExit = () => child.kill("SIGKILL");
  process.once("exit", stopOnExit);
  exitOnSignals();
  try {
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${url}${readyPath}`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`${args[0]} exited during start`);
      if (Date.now() > deadline) throw new Error(`${args[0]} did not start in 120 s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (error) {
    process.off("exit", stopOnExit);
    stopOnExit();
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      process.off("exit", stopOnExit);
      child.kill("SIGTERM");
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve(null) : child.once("exit", resolve),
      );
    },
  };
}

/**
 * A store in its own session does not receive the terminal's Ctrl-C, and a signal ends Node
 * without its "exit" event: the bench leaves through process.exit on the usual signals, so every
 * store it started is killed on the way out.
 */
let exitsOnSignals = false;
function exitOnSignals(): void {
  if (exitsOnSignals) return;
  exitsOnSignals = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
}

/** Runs one of the store's own scripts (seeding) to completion. */
export function runScript(script: string, args: string[], env: Record<string, string>): void {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, script), ...args],
    { cwd: root, env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error(`${script} failed`);
}

/** A process's resident memory now, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
