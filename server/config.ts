import path from "node:path";
import { z } from "zod";
import {
  checkPaymentEnv,
  paymentConfig,
  paymentEnvShape,
  type PaymentConfig,
} from "./payment-config";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    // Empty is unset, like every optional setting (an EnvironmentFile's `PORT=`); 0 would listen on
    // a port chosen by the system while every link the store builds said 0.
    PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, "must be a port number from 1 to 65535")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, "must be a port number from 1 to 65535")
            .max(65535, "must be a port number from 1 to 65535"),
        )
        .optional(),
    ),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .refine(isUrl, "is not a valid URL, like postgres://user@host:5432/greencart")
        .optional(),
    ),
    DATABASE_POOL_SIZE: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, "must be a whole number")
        .transform(Number)
        .pipe(z.number().min(2).max(500))
        .optional(),
    ),
    ORDER_STREAM_LIMIT: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, "must be a whole number")
        .transform(Number)
        .pipe(z.number().min(1).max(1_000_000))
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    MEDIA_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    MEDIA_STORE: optionalText.pipe(z.enum(["local", "database"]).optional()),
    CORS_ORIGINS: optionalText,
    LEGACY_CLIENT_ORIGINS: optionalText,
    COOKIE_SAME_SITE: optionalText.pipe(
      z.enum(["lax", "none"], { error: "must be lax or none" }).default("lax"),
    ),
    TRUST_PROXY: optionalText,
    SHOP_TIME_ZONE: optionalText,
    SELLER_EMAIL: optionalText.pipe(z.email().optional()),
    SELLER_PASSWORD: optionalText.pipe(z.string().min(8).max(128).optional()),
    ...paymentEnvShape,
    LOG_LEVEL: optionalText.pipe(z.enum(logLevels).default("info")),
    DEMO_CATALOG: optionalText.pipe(
      z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    ),
    // Not a setting: scripts/start.mjs sets it when it builds the web app beside this process.
    GREENCART_AWAIT_WEB_BUILD: optionalText,
  })
  .superRefine((env, ctx) => {
    checkPaymentEnv(env, ctx);
    if (env.COOKIE_SAME_SITE === "none" && !env.PUBLIC_URL?.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["COOKIE_SAME_SITE"],
        message:
          "none needs PUBLIC_URL to be https (browsers keep a SameSite=None cookie only when it is Secure)",
      });
    }
    if (env.MEDIA_STORE === "database" && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA_STORE"],
        message:
          "database needs DATABASE_URL (the embedded database keeps images in DATA_DIR/media)",
      });
    }
    if (Boolean(env.SELLER_EMAIL) !== Boolean(env.SELLER_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["SELLER_PASSWORD"],
        message: "SELLER_EMAIL and SELLER_PASSWORD must be set together",
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each process keeps to PostgreSQL; unset: db/postgres.ts's default. */
  databasePoolSize: number | undefined;
  /**
   * Live order streams each process holds at most; unset: 5,000, or half the process's limit of
   * open files when that is lower (stream-limits.ts, decision 034).
   */
  orderStreamLimit: number | undefined;
  publicUrl: string;
  /**
   * False when PUBLIC_URL is not set (publicUrl is then localhost's): a payment started from
   * another address of this store (127.0.0.1) then goes and comes back through that address.
   */
  publicUrlSet: boolean;
  /** Where stored images are served from (a CDN may sit in front); defaults to publicUrl. */
  mediaUrl: string;
  /** Where uploaded images are kept: a folder in DATA_DIR, or the PostgreSQL database. */
  mediaStore: "local" | "database";
  /** Origins allowed to call the API with credentials, besides the store's own. */
  corsOrigins: string[];
  /**
   * Origins of clients written for the tutorial's server (LEGACY_CLIENT_ORIGINS, each also in
   * CORS_ORIGINS), which read a failure only from a 200 answer: they get the spec's calls'
   * failures with status 200 (server/http/legacy-clients.ts).
   */
  legacyClientOrigins: string[];
  /**
   * The session cookies' SameSite (COOKIE_SAME_SITE): `lax`, or `none` for a storefront hosted on
   * another site, whose requests a Lax cookie does not go with.
   */
  cookieSameSite: "lax" | "none";
  /** Fastify's trustProxy: which proxies may tell the client's address (X-Forwarded-For). */
  trustProxy: false | number | string[];
  /** IANA time zone the shop's days are counted in (dashboard, export). */
  shopTimeZone: string;
  seller: { email: string; password: string } | undefined;
  payment: PaymentConfig;
  logLevel: (typeof logLevels)[number];
  /** Whether a start on a shop with no products loads the demo catalogue (DEMO_CATALOG, default on). */
  demoCatalog: boolean;
  /**
   * Whether `npm start` is building the web app beside this process (scripts/start.mjs): the
   * database is prepared meanwhile, and the app is built and listens once the build is done.
   */
  awaitWebBuild: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Turns the environment into a validated, typed config. The only reader of process.env is main.ts, which passes it here. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".") || "environment"}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const corsOrigins = (e.CORS_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        `Invalid configuration:\n  CORS_ORIGINS: "${origin}" is not an origin like https://shop.example`,
      );
    }
  }
  const legacyClientOrigins = (e.LEGACY_CLIENT_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of legacyClientOrigins) {
    if (!corsOrigins.includes(origin)) {
      throw new ConfigError(
        `Invalid configuration:\n  LEGACY_CLIENT_ORIGINS: "${origin}" must also be in CORS_ORIGINS (a client on another origin needs both)`,
      );
    }
  }
  const shopTimeZone = e.SHOP_TIME_ZONE ?? "Asia/Kolkata";
  try {
    new Intl.DateTimeFormat("en", { timeZone: shopTimeZone });
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  SHOP_TIME_ZONE: "${shopTimeZone}" is not a time zone like Asia/Kolkata`,
    );
  }
  const port = e.PORT ?? 3000;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    orderStreamLimit: e.ORDER_STREAM_LIMIT,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    mediaUrl: (e.MEDIA_URL ?? publicUrl).replace(/\/+$/, ""),
    mediaStore: e.MEDIA_STORE ?? (e.DATABASE_URL ? "database" : "local"),
    corsOrigins,
    legacyClientOrigins,
    cookieSameSite: e.COOKIE_SAME_SITE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    shopTimeZone,
    seller:
      e.SELLER_EMAIL && e.SELLER_PASSWORD
        ? { email: e.SELLER_EMAIL.toLowerCase(), password: e.SELLER_PASSWORD }
        : undefined,
    payment: paymentConfig(e),
    logLevel: e.LOG_LEVEL,
    demoCatalog: e.DEMO_CATALOG === "on",
    awaitWebBuild: e.GREENCART_AWAIT_WEB_BUILD === "1",
  };
}

/**
 * TRUST_PROXY: unset means the socket's address is the client's; a number trusts that many proxy
 * hops; a comma-separated list trusts those proxy addresses (or CIDR ranges) only.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 0 && hops <= 10) return hops;
  } else {
    const list = value
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a))) return list;
  }
  throw new ConfigError(
    `Invalid configuration:\n  TRUST_PROXY: "${value}" is neither a hop count (1-10) nor a list of proxy addresses like 10.0.0.1,10.0.0.2`,
  );
}
