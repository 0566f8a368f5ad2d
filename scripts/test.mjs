// `npm test`: every automated test, stopping at the first failure.
//   1. static checks, two at a time (their output is shown as each ends): formatting (Prettier),
//      lint (typescript-eslint, type-aware), typecheck, and the house's measures
//      (scripts/check-structure.mjs: import cycles, file and component sizes)
//   2. Vitest: unit, web component and API suites (API also on PostgreSQL when TEST_DATABASE_URL
//      is set), and the process tests
//   3. the production web build and its size budgets
//   4. Playwright journeys and accessibility checks in Chromium
// `npm run check` (`--check`): the pre-commit tier, under 90 s: the static checks, with Prettier's
// and ESLint's caches (a clean clone, as CI runs, has none), and the unit tests.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const check = process.argv.includes("--check");
const cache = (...args) => (check ? args : []);

/** Steps of a group run side by side (lint takes a core; the rest take turns on the other). */
const groups = [
  [
    [
      [
        "lint",
        bin("eslint"),
        ...cache("--cache", "--cache-location", "node_modules/.cache/eslint/"),
        ".",
      ],
    ],
    [
      ["format", bin("prettier"), "--check", "--log-level", "warn", ...cache("--cache"), "."],
      ["typecheck", bin("tsc"), "--noEmit", "-p", "tsconfig.json"],
      ["structure", process.execPath, path.join(root, "scripts/check-structure.mjs")],
    ],
  ],
  [[["vitest", bin("vitest"), "run", ...(check ? ["--project", "unit"] : [])]]],
];
if (!check)
  groups.push(
    [[["web build", bin("vite"), "build", "--logLevel", "warn"]]],
    [[["bundle budgets", process.execPath, path.join(root, "scripts/check-bundle-budgets.mjs")]]],
    [[["browser journeys", bin("playwright"), "test"]]],
  );

const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs one step; alone it prints as it goes, beside others its output waits for its end. */
function run([name, command, ...args], alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: alone ? "inherit" : "pipe" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n=== ${name} ===\n${output}`);
      console.log(`=== ${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds(started)} s ===`);
      resolve(code ?? 1);
    });
  });
}

const began = Date.now();
let count = 0;
for (const lanes of groups) {
  const alone = lanes.length === 1 && lanes[0].length === 1;
  const codes = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        count++;
        const code = await run(step, alone);
        if (code !== 0) return code;
      }
      return 0;
    }),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
console.log(`\nAll ${count} steps passed in ${seconds(began)} s.`);
