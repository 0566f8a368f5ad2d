// A second server process for multi-process tests: `node --import tsx server/test/serve-for-test.ts`
// with DATABASE_URL set. Prints `LISTENING <port>` once it accepts requests.
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openPostgres } from "../db/postgres";

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: "silent",
  PUBLIC_URL: "http://localhost:3000",
});
if (!config.databaseUrl) throw new Error("serve-for-test needs DATABASE_URL");
const database = await openPostgres(config.databaseUrl, undefined, config.databasePoolSize);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`LISTENING ${typeof address === "object" && address ? address.port : 0}`);
// The test process asks, over IPC, what woke this process's change listeners (ChangeSignal).
process.on("message", (message) => {
  if (message === "caught-up") process.send?.({ caughtUp: app.deps.changes.caughtUp });
});
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
