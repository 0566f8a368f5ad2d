import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChangeCause } from "../db/change-signal";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** How many times its change listeners have caught up, by what woke them (ChangeSignal). */
  caughtUp(): Promise<Record<ChangeCause, number>>;
  stop(): Promise<void>;
}

/**
 * Another store process on the same PostgreSQL database (server/test/serve-for-test.ts), with its
 * own data folder: what a second machine behind a load balancer would be.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const script = path.resolve(import.meta.dirname, "serve-for-test.ts");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-second-"));
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`the second server exited with ${code}`)));
    setTimeout(() => reject(new Error("the second server did not start")), 60_000).unref();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    caughtUp: () =>
      new Promise((resolve) => {
        child.once("message", (message: { caughtUp: Record<ChangeCause, number> }) =>
          resolve(message.caughtUp),
        );
        child.send("caught-up");
      }),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
