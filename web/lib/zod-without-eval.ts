// zod compiles object schemas with `new Function` when it may, and first probes whether it may by
// calling it: the store's content-security policy forbids that (no 'unsafe-eval'), so every page
// that parsed with a contract schema logged a CSP violation. Imported first by the web app's entry,
// before any schema parses.
//
// zod keeps its settings on `globalThis.__zod_globalConfig` (what `z.config()` writes): set there,
// the storefront's entry carries none of zod's own code (importing `config` from zod added 3.7 KB
// to it). zod-without-eval.unit.test.ts checks that zod reads the setting back.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;
