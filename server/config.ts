import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    CORS_ORIGINS: optionalText,
    SELLER_EMAIL: optionalText.pipe(z.email().optional()),
    SELLER_PASSWORD: optionalText.pipe(z.string().min(8).max(128).optional()),
    PAYMENT_PROVIDER: z.enum(["demo", "stripe"]).default("demo"),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    LOG_LEVEL: z.enum(logLevels).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when PAYMENT_PROVIDER=stripe",
          });
      }
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
  publicUrl: string;
  /** Origins allowed to call the API with credentials, besides the store's own. */
  corsOrigins: string[];
  seller: { email: string; password: string } | undefined;
  payment: { provider: "demo" | "stripe"; stripeSecretKey?: string; stripeWebhookSecret?: string };
  logLevel: (typeof logLevels)[number];
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    corsOrigins,
    seller:
      e.SELLER_EMAIL && e.SELLER_PASSWORD
        ? { email: e.SELLER_EMAIL.toLowerCase(), password: e.SELLER_PASSWORD }
        : undefined,
    payment: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    logLevel: e.LOG_LEVEL,
  };
}
