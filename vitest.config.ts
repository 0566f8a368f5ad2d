import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { art } from "./web/art-plugin";

// The test tiers (README "Tests"), each file named for its tier:
//  unit          pure functions: no database, no process, no network (`*.unit.test.ts`)
//  web           the web app's components in jsdom (`web/**/*.test.tsx`)
//  api           the HTTP API built in-process on PGlite (`server/**/*.test.ts`)
//  api-postgres  the same API suites on PostgreSQL, plus the concurrency suites (`*.pg.test.ts`),
//                when TEST_DATABASE_URL is set
//  process       real server processes and the commands that start them (`*.process.test.ts`)
// The api tiers migrate one database per run (server/test/global-setup.ts) and copy it per file.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiFiles = ["server/**/*.test.ts"];
const notApi = [
  "server/**/*.unit.test.ts",
  "server/**/*.pg.test.ts",
  "server/**/*.process.test.ts",
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores that is one, and the
    // suite ran one file at a time (342 s against 230 s with two on 2026-11-25). The API files
    // spend much of their time waiting on a database, so two workers keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "contract/**/*.unit.test.ts",
            "server/**/*.unit.test.ts",
            "web/**/*.unit.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: ["scripts/**/*.process.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [art()],
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          exclude: ["web/**/*.unit.test.ts"],
          environment: "jsdom",
          setupFiles: ["web/test/setup.ts"],
          // Above the 5 s a wait may take (web/test/setup.ts), so a slow wait fails as itself.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "api",
          include: apiFiles,
          exclude: notApi,
          env: { TEST_DB: "pglite" },
          globalSetup: ["server/test/global-setup.ts"],
          setupFiles: ["server/test/cheap-hashing.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiFiles,
                exclude: ["server/**/*.unit.test.ts", "server/**/*.process.test.ts"],
                env: { TEST_DB: "postgres" },
                globalSetup: ["server/test/global-setup.ts"],
                setupFiles: ["server/test/cheap-hashing.ts"],
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: "process",
          include: ["server/**/*.process.test.ts", "scripts/**/*.process.test.ts"],
          env: { TEST_DB: withPostgres ? "postgres" : "pglite" },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
