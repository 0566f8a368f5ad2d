// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import fs from "node:fs";

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
    // Asymmetric matchers (expect.any, expect.arrayContaining) are typed `any` by design.
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["contract/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/web/**"] }] },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    // Served as they are to the browser (web/public).
    files: ["web/public/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
);
