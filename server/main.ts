import path from "node:path";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/open-database";
import { DataDirLockedError } from "./db/pglite";
import { seedDemoCatalog } from "./db/seed/seed-demo-catalog";
import { startHousekeeping } from "./housekeeping";
import { deleteExpiredSessions } from "./http/sessions";
import { deleteOldAttempts } from "./modules/auth/rate-limit";
import { LocalMediaStorage } from "./modules/media/media-storage";

import { cancelExpiredPayments } from "./modules/payments/payment-sweeper";

import { ensureSellerAccount } from "./modules/sellers/seller-accounts";

// The process entry: config → database → seed → app → listen, and a graceful shutdown.
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config, log);
  const added = await seedDemoCatalog(
    database.db,
    new LocalMediaStorage(path.join(config.dataDir, "media")),
  );
  if (added > 0) log.info(`loaded the demo catalogue: ${added} products`);
  const seller = await ensureSellerAccount(database.db, config.seller);

  const app = await buildApp({ config, database, logger: log });
  const stopHousekeeping = startHousekeeping(
    [
      {
        name: "expired sessions",
        everyMs: 60 * 60 * 1000,
        run: () => deleteExpiredSessions(database.db),
      },
      {
        name: "old rate-limit entries",
        everyMs: 15 * 60 * 1000,
        run: () => deleteOldAttempts(database.db),
      },
      {
        name: "lapsed payment holds",
        everyMs: 60 * 1000,
        run: async () => {
          if ((await cancelExpiredPayments(database.db)) > 0) app.deps.catalogCache.invalidate();
        },
      },
    ],

    log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: finishing open requests, then stopping`);
    setTimeout(() => process.exit(1), 10_000).unref();
    stopHousekeeping();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const engine =
    database.kind === "postgres"
      ? "PostgreSQL (DATABASE_URL)"
      : `embedded PostgreSQL in ${config.dataDir}`;
  const password =
    seller.source === "existing"
      ? "(printed on first start; set SELLER_EMAIL and SELLER_PASSWORD to choose one)"
      : seller.password +
        (seller.source === "generated" ? "   (generated: shown only this once)" : "");
  console.log(
    [
      "",
      `  GreenCart is running at ${config.publicUrl}`,
      `  Database: ${engine}`,
      `  Seller area: ${config.publicUrl}/seller`,
      `    email:    ${seller.email}`,
      `    password: ${password}`,
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("GreenCart could not start:", error);
  }
  process.exit(1);
});
