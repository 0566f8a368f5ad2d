import path from "node:path";
import readline from "node:readline";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "./db/open-database";
import { DataDirLockedError } from "./db/pglite";
import { upkeepTables } from "./db/pglite-upkeep";
import { startHousekeeping } from "./housekeeping";
import { startupProblem } from "./startup-problems";
import { awaitWebBuild } from "./web-build-handshake";
import { deleteExpiredSessions } from "./http/sessions";
import { createLogOutput } from "./log-output";
import { deleteOldAttempts } from "./modules/auth/rate-limit";
import { deleteExpiredDevices } from "./modules/auth/trusted-devices";
import { DatabaseMediaStorage, LocalMediaStorage } from "./modules/media/media-storage";
import { deleteOldOrderEvents } from "./modules/orders/order-events";
import { cancelExpiredPayments } from "./modules/payments/payment-sweeper";
import { ensureSellerAccount, type SellerLogin } from "./modules/sellers/seller-accounts";
import { ensureCategoryImages } from "./seed/demo-images";
import { seedDemoShop } from "./seed/demo-shop";
import { seedDemoCatalog } from "./seed/seed-demo-catalog";

/** However a shutdown goes, the process is gone this long after the signal. */
const SHUTDOWN_DEADLINE_MS = 10_000;

// The process entry: config → database → seed → app → listen, and a graceful shutdown.
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  try {
    await serve(config);
  } catch (error) {
    // The password made at this start exists nowhere else: a start that fails after making it
    // (the port taken, say) shows it rather than leave the shop without a seller login.
    if (generatedLogin && !generatedLogin.shown)
      console.error(
        `${sellerLoginText(config.publicUrl, generatedLogin.seller)}  (The store did not start, but this seller account was made: keep its password.)\n`,
      );
    const problem = startupProblem(error, config);
    if (!problem) throw error;
    console.error(`\nGreenCart could not start: ${problem}\n`);
    process.exit(1);
  }
}

/** The seller account made at this start, until its login has been shown. */
let generatedLogin: { seller: SellerLogin; shown: boolean } | undefined;

async function serve(config: Config): Promise<void> {
  const output = createLogOutput();
  const log = pino({ level: config.logLevel }, output);
  const say = (text: string) => output.write(`${text}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // First the deadline, so that nothing below (a stuck connection, a slow query) can hold
    // the process: logging never blocks, and this timer fires whatever happens.
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    log.info(`${signal} received: finishing open requests, then stopping`);
    // Stopped before the banner (Ctrl+C during a first start): the login made meanwhile still shows.
    if (generatedLogin && !generatedLogin.shown) {
      say(sellerLoginText(config.publicUrl, generatedLogin.seller));
      generatedLogin.shown = true;
    }
    void stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  let stop = async () => {};
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));

  if (typeof config.trustProxy === "number")
    log.warn(
      `TRUST_PROXY=${config.trustProxy} believes the last ${config.trustProxy} X-Forwarded-For hop(s) from any client: make sure the store can be reached only through its proxy, or name the proxies instead (TRUST_PROXY=10.0.0.5,10.0.0.6)`,
    );
  const preparing = Date.now();
  const database = await openDatabase(config, log);
  const media =
    config.mediaStore === "database"
      ? new DatabaseMediaStorage(database.db)
      : new LocalMediaStorage(path.join(config.dataDir, "media"));
  // The category tiles' pictures belong to the store, demo catalogue or not.
  await ensureCategoryImages(media);
  const added = config.demoCatalog ? await seedDemoCatalog(database.db, media) : 0;
  if (added > 0) await seedDemoShop(database.db);
  if (added > 0)
    log.info(
      `loaded the demo catalogue into the empty shop: ${added} products (DEMO_CATALOG=off starts a new shop empty)`,
    );
  const seller = await ensureSellerAccount(database.db, config.seller);
  if (seller.source === "generated") generatedLogin = { seller, shown: false };
  const showLogin = () => {
    say(sellerLoginText(config.publicUrl, seller));
    if (generatedLogin) generatedLogin.shown = true;
  };

  if (config.awaitWebBuild) {
    const seconds = ((Date.now() - preparing) / 1000).toFixed(1);
    say(
      `  [3/3] Database ready in ${seconds} s${added > 0 ? ` (demo catalogue: ${added} products)` : ""}`,
    );
    await awaitWebBuild();
  }
  const app = await buildApp({ config, database, logger: log });
  const stopHousekeeping = startHousekeeping(
    [
      {
        name: "expired sessions",
        everyMs: 60 * 60 * 1000,
        run: () => deleteExpiredSessions(database.db),
      },
      {
        name: "expired trusted browsers",
        everyMs: 24 * 60 * 60 * 1000,
        run: () => deleteExpiredDevices(database.db),
      },
      {
        name: "old login counters",
        everyMs: 15 * 60 * 1000,
        run: () => deleteOldAttempts(database.db),
      },
      {
        name: "old order events",
        everyMs: 60 * 60 * 1000,
        run: () => deleteOldOrderEvents(database.db),
      },
      // The embedded database has no autovacuum: its statistics and dead rows, as it would.
      ...(database.kind === "pglite"
        ? [
            {
              name: "embedded database upkeep",
              everyMs: 5 * 60 * 1000,
              run: async () => {
                const ran = await upkeepTables(database.db);
                if (ran.length > 0) log.debug({ ran }, "embedded database upkeep");
              },
            },
          ]
        : []),
      {
        name: "lapsed payment holds",
        everyMs: 60 * 1000,
        run: async () => {
          if ((await cancelExpiredPayments(database.db)) > 0) await app.deps.changes.announce();
        },
      },
    ],
    log,
  );
  stop = async () => {
    stopHousekeeping();
    await app.close();
    await database.close();
  };

  await app.listen({ port: config.port, host: config.host });
  const engine =
    database.kind === "postgres"
      ? "PostgreSQL (DATABASE_URL)"
      : `embedded PostgreSQL in ${config.dataDir}`;
  say(
    [
      "",
      `  GreenCart is running at ${config.publicUrl}`,
      `  Database: ${engine}`,
      `  API reference: ${config.publicUrl}/api/docs`,
      // Phones on the shop's network would get pictures and links addressed to localhost.
      ...(!config.publicUrlSet && !["127.0.0.1", "localhost", "::1"].includes(config.host)
        ? [
            `  Other devices: set PUBLIC_URL to the address they use, like http://192.168.1.20:${config.port}`,
          ]
        : []),
      config.payment.provider === "demo"
        ? "  Payments: demo (the store's own page; no money is taken: PAYMENT_PROVIDER=razorpay or stripe takes real payments)"
        : config.payment.provider === "razorpay"
          ? `  Payments: Razorpay (webhook: ${config.publicUrl}/api/payments/razorpay/webhook)`
          : "  Payments: Stripe",
    ].join("\n"),
  );
  // The seller login comes last, so it is the line left on screen; Enter shows it again.
  showLogin();
  if (process.stdin.isTTY) {
    say("  (Press Enter to show the seller login again, Ctrl+C to stop.)\n");
    readline.createInterface({ input: process.stdin }).on("line", showLogin);
  }
  process.on("SIGUSR2", showLogin);
}

function sellerLoginText(publicUrl: string, seller: SellerLogin): string {
  const password =
    seller.source === "generated"
      ? `${seller.password}   (generated: keep it somewhere safe)`
      : seller.source === "config"
        ? "the one in SELLER_PASSWORD"
        : "(chosen at first start; `npm run seller:create -- --email ... --password ...` sets a new one)";
  return [
    "",
    `  Seller area: ${publicUrl}/seller`,
    `    email:    ${seller.email}`,
    `    password: ${password}`,
    "",
  ].join("\n");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("GreenCart could not start:", error);
  }
  process.exit(1);
});
