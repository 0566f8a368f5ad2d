import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/**
 * Writes .br and .gz beside every built JS, CSS, HTML and SVG file, so the server sends compressed
 * bundles (@fastify/static `preCompressed`) without compressing on each request.
 */
export function precompress(): Plugin {
  return {
    name: "greencart-precompress",
    apply: "build",
    // The browser's files only: the server's renderer is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle() {
      const { root, build } = this.environment.config;
      const outDir = path.resolve(root, build.outDir);
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          );
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg)$/.test(f))) {
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
