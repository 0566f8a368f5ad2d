import { defineConfig } from "vitest/config";

// Three kinds of test (see README "Tests"):
//  unit:          pure functions, no database (`*.unit.test.ts`), and the web app's component tests (jsdom)
//  api:           the HTTP API built in-process on PGlite (`server/**/*.test.ts`)
//  api-postgres:  the same API suites on PostgreSQL, plus the concurrency suites (`*.pg.test.ts`),
//                 when TEST_DATABASE_URL is set
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiFiles = ["server/**/*.test.ts"];
const notApi = ["server/**/*.unit.test.ts", "server/**/*.pg.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["contract/**/*.test.ts", "server/**/*.unit.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["web/test/setup.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: apiFiles,
          exclude: notApi,
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: "api-postgres",
                include: [...apiFiles],
                exclude: ["server/**/*.unit.test.ts"],
                env: { TEST_DB: "postgres" },
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
