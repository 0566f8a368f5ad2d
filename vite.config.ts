import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { art } from "./web/art-plugin";
import { precompress } from "./web/precompress-plugin";

// The storefront SPA. `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss(), art(), precompress()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    target: "es2022",
    // Terser packs the first JavaScript a little tighter than esbuild (the entry budget is 100 KB).
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    sourcemap: false,
  },
  server: {
    // `npm run dev:web` next to `npm run dev:server`
    proxy: { "/api": "http://127.0.0.1:3000", "/media": "http://127.0.0.1:3000" },
  },
});
