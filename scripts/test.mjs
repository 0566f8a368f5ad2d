// `npm test`: every automated test, in order, stopping at the first failure.
//   1. static checks: formatting (Prettier), lint (typescript-eslint, type-aware), typecheck
//   2. Vitest: unit, web component and API suites (API also on PostgreSQL when TEST_DATABASE_URL is set)
//   3. the production web build and its size budgets
//   4. Playwright journeys and accessibility checks in Chromium (when e2e/ has tests)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

const steps = [
  ["format", [bin("prettier"), "--check", "--log-level", "warn", "."]],
  ["lint", [bin("eslint"), "."]],
  ["typecheck", [bin("tsc"), "--noEmit", "-p", "tsconfig.json"]],
  ["vitest", [bin("vitest"), "run"]],
];
if (fs.existsSync(path.join(root, "scripts/check-bundle-budgets.mjs"))) {
  steps.push(["web build", [bin("vite"), "build", "--logLevel", "warn"]]);
  steps.push([
    "bundle budgets",
    [process.execPath, path.join(root, "scripts/check-bundle-budgets.mjs")],
  ]);
}
if (fs.existsSync(path.join(root, "playwright.config.ts"))) {
  steps.push(["browser journeys", [bin("playwright"), "test"]]);
}

for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  console.log(
    `=== ${name}: ${result.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
