import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { buildApp, type BuildAppOptions } from "../app";
import { loadConfig, type Config } from "../config";
import type { Database } from "../db/database";
import { LocalMediaStorage } from "../modules/media/media-storage";
import { answerChecker } from "./contract-check";
import { createTestDatabase, resetDatabase } from "./test-database";

export interface TestContext {
  app: FastifyInstance;
  /** With `url` on PostgreSQL (TEST_DB=postgres), for tests that open connections of their own. */
  database: Database & { url?: string };
  config: Config;
  dataDir: string;
  media: LocalMediaStorage;
  /** Answers that did not match their documented schema (see contract-check.ts). */
  violations: string[];
}

/** What a test may set of the app it builds (`BuildAppOptions`). */
export type TestAppOptions = Pick<
  BuildAppOptions,
  "webRoot" | "paymentProvider" | "streamHeartbeatMs" | "orderEventGapTimeoutMs" | "logger"
>;

/** Builds the app on a fresh database with a fresh data folder. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext & { close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    MEDIA_STORE: "local",
    ...env,
  });
  const database = await createTestDatabase();
  const violations: string[] = [];
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    webRoot: options.webRoot ?? path.join(dataDir, "no-web"),
    inspectAnswer: answerChecker(violations),
    streamHeartbeatMs: options.streamHeartbeatMs,
    orderEventGapTimeoutMs: options.orderEventGapTimeoutMs,
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    violations,
    media: new LocalMediaStorage(path.join(dataDir, "media")),
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app and database per test file, with every table emptied before each test, and every
 * answer checked against its documented schema. Returns an object whose fields are filled in by
 * `beforeAll`.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: Omit<TestAppOptions, "webRoot"> = {},
): TestContext {
  const context = {} as TestContext;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startTestApp(env, options);
    close = started.close;
    Object.assign(context, started);
  });
  beforeEach(async () => {
    await resetDatabase(context.database);
    context.app.deps.catalog.cache.listingChanged();
    context.app.deps.catalog.cache.board.clear();
    context.app.deps.shop.forget();
  });
  afterEach(() => {
    const found = context.violations.splice(0);
    expect(found, "answers that do not match their documented schema").toEqual([]);
  });
  afterAll(async () => {
    await close?.();
  });
  return context;
}
