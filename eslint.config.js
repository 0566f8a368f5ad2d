// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import fs from "node:fs";

/** The server's modules (server/modules/<name>/). */
const serverModules = fs.readdirSync("server/modules");

/**
 * What each server module lets the other modules import (decision 039): the few files that hold
 * what they need. A module not listed here is imported by none (the app composes it). Adding a
 * file here is a decision about the module's surface, not a way round the rule.
 */
const serverModulePublicFiles = {
  auth: [
    "login-check.ts",
    "passwords.ts",
    "rate-limit.ts",
    "session-ended.ts",
    "trusted-devices.ts",
  ],
  catalog: ["catalog-answers.ts", "catalog-cache.ts", "catalog-service.ts", "product-view.ts"],
  inventory: ["stock-ledger.ts"],
  media: [
    "image-pipeline.ts",
    "media-storage.ts",
    "product-images.ts",
    "public-urls.ts",
    "upload-errors.ts",
  ],
  orders: [
    "online-orders.ts",
    "order-export.ts",
    "order-transitions.ts",
    "order-view.ts",
    "pick-list.ts",
  ],
  sellers: ["seller-accounts.ts"],
  shop: ["cart-quote.ts", "shop-clock.ts", "shop-settings.ts", "shop-store.ts"],
};

/** What composes the store from db/, http/ and the modules, and so sits above all of them. */
const serverComposition = [
  "./server/app.ts",
  "./server/main.ts",
  "./server/housekeeping.ts",
  "./server/scripts",
  "./server/seed",
  "./server/test",
];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "data",
      "server/db/migrations",
      "test-results",
      "playwright-report",
      "bench/results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ["*.js", "*.mjs", "scripts/*.mjs", ".ci/*.mjs", "web/public/*.js"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      // Fastify hooks and handlers are async by convention, with or without an await inside.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "The web app must not import server code." },
          ],
        },
      ],
    },
  },
  {
    // Rule 7 of architecture.md: imports run one way, contract ← lib/ui ← features ← app. No
    // feature imports another feature or app/; lib/ and ui/ import no feature and not app/; and
    // no import cycles anywhere in the web app.
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./web/lib", "./web/ui"],
              from: ["./web/features", "./web/app"],
              message: "lib/ and ui/ are shared: they import no feature and not app/.",
            },
            {
              target: "./web/features",
              from: "./web/app",
              message: "Features do not import app/: move what they share to lib/ or ui/.",
            },
            ...fs.readdirSync("web/features").map((feature) => ({
              target: `./web/features/${feature}`,
              from: "./web/features",
              except: [`./${feature}`],
              message: "Features do not import each other: move what they share to lib/ or ui/.",
            })),
          ],
        },
      ],
    },
  },
  {
    // Rule 14 of architecture.md (decision 039): the server's imports run one way too. db/ is the
    // floor (it imports no http/, no module, nothing that composes the app); http/ imports no
    // module; a module imports another only through the files that module lists as public below;
    // nothing in db/, http/ or modules/ imports what composes the store (app.ts, main.ts, the
    // scripts, the start-up seed). Tests may reach into any module: they check modules together.
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts", "server/test/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts"],
      "import-x/resolver": { node: { extensions: [".ts", ".js"] } },
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/db",
              from: ["./server/http", "./server/modules", ...serverComposition],
              message: "db/ is the floor: it imports no http/, no module and nothing above them.",
            },
            {
              target: "./server/http",
              from: ["./server/modules", ...serverComposition],
              message:
                "http/ imports no module: let the app pass in what it needs (as registerErrorHandling takes the modules' error translators).",
            },
            {
              target: "./server/app-deps.ts",
              from: "./server/modules",
              message:
                "AppDeps is what every module is given: it names no module (each module's routes add the services they use).",
            },
            {
              target: "./server/modules",
              from: serverComposition,
              message:
                "Modules do not import what composes the store: it passes them what they need.",
            },
            ...serverModules.map((module) => ({
              target: serverModules
                .filter((other) => other !== module)
                .map((other) => `./server/modules/${other}`),
              from: `./server/modules/${module}`,
              except: (serverModulePublicFiles[module] ?? []).map((file) => `./${file}`),
              message: `Other modules import ${module} only through its public files (eslint.config.js, serverModulePublicFiles; decision 039).`,
            })),
          ],
        },
      ],
    },
  },
  {
    // Rule 13 of architecture.md: every query key comes from web/lib/query-keys.ts, tests
    // included, so a key cannot drift between the query that reads it and the change that
    // refreshes it. An array written as a key (or as the key of a client call, or kept in a
    // constant named as a key) anywhere else is refused. And rule 1: an API answer is typed from
    // the contract, never by a shape written at the call.
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/lib/query-keys.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > :matches(TSAsExpression, TSSatisfiesExpression) > ArrayExpression",
          "CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState|setQueryDefaults|getQueryDefaults)$/] > ArrayExpression:first-child",
          "CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState|setQueryDefaults|getQueryDefaults)$/] > :matches(TSAsExpression, TSSatisfiesExpression):first-child > ArrayExpression",
          "VariableDeclarator[id.name=/(Key|KEY)$/] > ArrayExpression",
          "VariableDeclarator[id.name=/(Key|KEY)$/] > :matches(TSAsExpression, TSSatisfiesExpression) > ArrayExpression",
        ].map((selector) => ({
          selector,
          message: "Query keys come from web/lib/query-keys.ts (architecture.md rule 13).",
        })),
        {
          // Rule 1: an answer's type is the contract's (z.infer of the route's response schema).
          selector:
            "CallExpression[callee.name='apiFetch'] > TSTypeParameterInstantiation TSTypeLiteral",
          message:
            "Type an answer with the contract's type of its response, not a shape written here.",
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts"],
      "import-x/resolver": { node: { extensions: [".ts", ".js"] } },
    },
    rules: { "import-x/no-cycle": "error" },
  },
  {
    // Asymmetric matchers (expect.any, expect.arrayContaining) are typed `any` by design.
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["contract/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/web/**"] }] },
  },
  {
    // Plain JavaScript is linted without types (and so outside the TypeScript project): the
    // spread's own languageOptions turn the project service off, and are kept, not replaced.
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    // Served as they are to the browser (web/public).
    files: ["web/public/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
);
