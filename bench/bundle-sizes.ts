import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { entryFiles } from "../scripts/entry-files.mjs";

export interface BundleSizes {
  entryJsGzipKb: number;
  allJsGzipKb: number;
  cssGzipKb: number;
  sellerChunkGzipKb: number;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** Gzipped (level 9) sizes of the built web app in dist/web. */
export function bundleSizes(root = path.resolve(import.meta.dirname, "../dist/web")): BundleSizes {
  const gz = (file: string) =>
    zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length;
  const entry = entryFiles(fs.readFileSync(path.join(root, "index.html"), "utf8"));
  const assets = fs.readdirSync(path.join(root, "assets")).map((f) => `assets/${f}`);
  const js = assets.filter((f) => f.endsWith(".js"));
  return {
    entryJsGzipKb: kb([...entry].reduce((s, f) => s + gz(f), 0)),
    allJsGzipKb: kb(js.reduce((s, f) => s + gz(f), 0)),
    cssGzipKb: kb(assets.filter((f) => f.endsWith(".css")).reduce((s, f) => s + gz(f), 0)),
    sellerChunkGzipKb: kb(
      js.filter((f) => path.basename(f).startsWith("seller-area")).reduce((s, f) => s + gz(f), 0),
    ),
  };
}
