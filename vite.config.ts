import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig } from "vite";
import { art } from "./web/art-plugin";
import { buildProgress } from "./web/build-progress-plugin";
import { precompress } from "./web/precompress-plugin";
import { routerShake } from "./web/router-shake-plugin";

// The storefront SPA. `npm run build` (`vite build`) writes dist/web, which the server serves,
// and dist/ssr, the renderer the server uses for storefront pages' first screen (entry-server.tsx,
// docs/decisions/015-server-rendered-first-screen.md).
export default defineConfig(({ command }) => ({
  // `vite build` builds every environment below: the browser's app, then the server's renderer.
  builder: {},
  environments: {
    ssr: {
      // React and the libraries that render are bundled in, in their production builds, so the
      // server renders as fast as it can whatever NODE_ENV it runs with.
      resolve: { noExternal: true },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "../dist/ssr",
        emptyOutDir: true,
        minify: false,
        copyPublicDir: false,
        rollupOptions: { input: "web/entry-server.tsx" },
      },
    },
  },
  root: "web",
  resolve: {
    // React Router's package points every bundler at its development build, which keeps its
    // developer warnings (built on every render of <Routes>); a build takes the production one,
    // the same code without them, and `vite` in development keeps the warnings.
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve(
                import.meta.dirname,
                "node_modules/react-router/dist/production/index.mjs",
              ),
            },
          ]
        : [],
  },
  plugins: [react(), tailwindcss(), art(), routerShake(), precompress(), buildProgress()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    // Terser packs the first JavaScript a little tighter than esbuild (the entry budget is 100 KB);
    // as an ES module, its top-level names are mangled too.
    minify: "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
    sourcemap: false,
    // The rupee sign's font files (under 1 KB each) stay files: inlined, all four weights would
    // ride in the CSS every page blocks on, where the browser fetches only the weights it draws.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    // Every browser the store serves preloads modules itself (Chrome 66, Safari 17, Firefox 115).
    // The entry lists, for each page it may load, the chunks to fetch beside it; the seller area
    // is not preloaded with its chunks but fetches them once it runs (one more round trip, on the
    // seller's laptop), which keeps that list out of the storefront's first JavaScript.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => (file.includes("seller-area") ? [] : deps),
    },
    rollupOptions: {
      // The entry names every page's chunk (to preload it with its imports), so the storefront's
      // chunks are named by a short hash alone (six base-64 characters tell 68 billion versions
      // apart): 200 bytes less in the entry than with their module names. The seller area keeps
      // its name: the preload rule above and the bundle budgets find it by it.
      output: {
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("seller-area") ? "assets/[name]-[hash:6].js" : "assets/[hash:6].js",
      },
      // zod's sources carry comments Rollup calls misplaced annotations; it drops them, harmlessly,
      // and the warnings would be all a first `npm start` prints while it builds.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev:web` next to `npm run dev:server`
    proxy: { "/api": "http://127.0.0.1:3000", "/media": "http://127.0.0.1:3000" },
  },
}));
