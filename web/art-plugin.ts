import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * The storefront's artwork (web/art/*.svg, drawn by us) as responsive pictures: the build
 * rasterises each drawing to AVIF and WebP at a few widths, and `import mainBanner from
 * "virtual:art/mainBanner"` gives a page that drawing's sources and dimensions (one module per
 * drawing, so each page's JavaScript carries only its own); `virtual:art` has the shared `sizes`
 * and media query (docs/decisions/014-storefront-art.md).
 * The rasters are kept in the repository (web/art/raster, named by each drawing's hash), so a
 * first `npm start` on a fresh clone draws nothing: a build renders only a drawing that changed,
 * writes its rasters there (to be committed with it) and drops that drawing's old ones.
 * The home page's hero is preloaded from the HTML for "/" only (`data-route`; the server drops
 * such links on other routes). In development and tests the SVG is used as it is.
 */
const artwork = {
  mainBanner: { file: "main-banner.svg", widths: [768, 1152, 1536] },
  mainBannerSmall: { file: "main-banner-sm.svg", widths: [360, 540, 720] },
  bottomBanner: { file: "bottom-banner.svg", widths: [768, 1152, 1536] },
  bottomBannerSmall: { file: "bottom-banner-sm.svg", widths: [360, 540, 720] },
  addAddress: { file: "add-address.svg", widths: [300, 450, 600] },
} as const;

/** Where the hero switches to its small-screen drawing (Tailwind's `md`). */
const SMALL_SCREEN = "(max-width: 767px)";
const HERO_SIZES = "(max-width: 767px) calc(100vw - 32px), min(100vw - 64px, 1440px)";

interface Picture {
  sources: { type: string; srcset: string }[];
  src: string;
  width: number;
  height: number;
}

const virtualId = "virtual:art";
const resolvedId = `\0${virtualId}`;
const formats = [
  { type: "image/avif", ext: "avif", options: { quality: 50, effort: 3 } },
  { type: "image/webp", ext: "webp", options: { quality: 78, effort: 4 } },
] as const;

const artDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "art");
/** Where each drawing's rasters are kept, committed: `<drawing>-<width>-<hash>.<format>`. */
export const rasterDir = path.join(artDir, "raster");

/** The names a drawing's rasters have for its current content: what web/art/raster must hold. */
export function rasterNames(): string[] {
  return Object.values(artwork).flatMap((drawing) => {
    const svg = fs.readFileSync(path.join(artDir, drawing.file));
    return formats.flatMap((format) =>
      drawing.widths.map((size) => rasterName(drawing.file, size, drawingHash(svg), format.ext)),
    );
  });
}

const drawingHash = (svg: Buffer) =>
  crypto.createHash("sha256").update(svg).digest("hex").slice(0, 10);
const rasterName = (file: string, size: number, hash: string, ext: string) =>
  `${path.basename(file, ".svg")}-${size}-${hash}.${ext}`;

/** Drops rasters of `file` that are not of its current `hash` (the drawing changed). */
function dropOldRasters(file: string, hash: string) {
  const stem = path.basename(file, ".svg");
  const ofThisDrawing = new RegExp(`^${stem}-\\d+-([0-9a-f]{10})\\.(avif|webp)$`);
  for (const name of fs.readdirSync(rasterDir)) {
    const match = ofThisDrawing.exec(name);
    if (match && match[1] !== hash) fs.rmSync(path.join(rasterDir, name));
  }
}

export function art(): Plugin {
  let build = false;
  const pictures: Record<string, Picture> = {};

  /** One drawing as a picture: rasterised (and emitted) for a build, the SVG itself otherwise. */
  async function render(
    svgPath: string,
    widths: readonly number[],
    emit: (fileName: string, source: Buffer) => void,
  ): Promise<Picture> {
    const svg = fs.readFileSync(svgPath);
    const [, w = "1", h = "1"] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg.toString()) ?? [];
    const width = Number(w);
    const height = Number(h);
    const file = path.basename(svgPath);
    if (!build) return { sources: [], src: `/art/${file}`, width, height };
    const hash = drawingHash(svg);
    const sources = [];
    for (const format of formats) {
      const entries = [];
      for (const size of widths) {
        const name = rasterName(file, size, hash, format.ext);
        const fileName = `assets/art/${name}`;
        const kept = path.join(rasterDir, name);
        let image: Buffer;
        if (fs.existsSync(kept)) image = fs.readFileSync(kept);
        else {
          const { default: sharp } = await import("sharp");
          image = await sharp(svg, { density: (72 * size) / width })
            .resize(size)
            .toFormat(format.ext, format.options)
            .toBuffer();
          fs.mkdirSync(rasterDir, { recursive: true });
          dropOldRasters(file, hash);
          fs.writeFileSync(kept, image);
        }
        emit(fileName, image);
        entries.push(`/${fileName} ${size}w`);
      }
      sources.push({ type: format.type, srcset: entries.join(", ") });
    }
    const fallback = sources[1]!.srcset.split(", ")[1]!.split(" ")[0]!;
    return { sources, src: fallback, width, height };
  }

  return {
    name: "greencart-art",
    configResolved(config) {
      build = config.command === "build" && !process.env.VITEST;
    },
    resolveId(source) {
      return source === virtualId || source.startsWith(`${virtualId}/`) ? `\0${source}` : undefined;
    },
    async load(id) {
      if (id === resolvedId)
        return `export const heroSizes = ${JSON.stringify(HERO_SIZES)};\nexport const smallScreen = ${JSON.stringify(SMALL_SCREEN)};`;
      if (!id.startsWith(`${resolvedId}/`)) return undefined;
      const name = id.slice(resolvedId.length + 1);
      const drawing = (artwork as Record<string, { file: string; widths: readonly number[] }>)[
        name
      ];
      if (!drawing) return this.error(`virtual:art has no drawing named ${name}`);
      const svgPath = path.join(artDir, drawing.file);
      this.addWatchFile(svgPath);
      const picture = await render(svgPath, drawing.widths, (fileName, source) =>
        this.emitFile({ type: "asset", fileName, source }),
      );
      pictures[name] = picture;
      return `export default ${JSON.stringify(picture)};`;
    },
    transformIndexHtml: {
      order: "post",
      handler() {
        const wide = pictures.mainBanner;
        const small = pictures.mainBannerSmall;
        if (!build || !wide?.sources[0] || !small?.sources[0]) return undefined;
        // The hero is the home page's largest picture: fetched with the HTML, not after the
        // JavaScript has run, in the one format and size the browser will pick.
        const link = (picture: Picture, media: string) => ({
          tag: "link",
          injectTo: "head" as const,
          attrs: {
            rel: "preload",
            as: "image",
            type: picture.sources[0]!.type,
            imagesrcset: picture.sources[0]!.srcset,
            imagesizes: HERO_SIZES,
            media,
            fetchpriority: "high",
            "data-route": "/",
          },
        });
        return [link(small, SMALL_SCREEN), link(wide, "(min-width: 768px)")];
      },
    },
  };
}
