// Writes the store's own font files into web/fonts/ (committed; run again only to change them):
// Noto Sans, as @fontsource ships its Latin subset, in the four weights the store uses, and for
// each weight a one-glyph file with the rupee sign (U+20B9), which @fontsource ships only inside
// its Latin Extended subset (30 KB) that no English page needs otherwise. Decision 043.
//   node scripts/make-fonts.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "node_modules/@fontsource/noto-sans");
const out = path.join(root, "web/fonts");
export const WEIGHTS = [400, 500, 600, 700];
export const EXTRA_GLYPHS = "₹";

fs.mkdirSync(out, { recursive: true });
for (const weight of WEIGHTS) {
  fs.copyFileSync(
    path.join(source, `files/noto-sans-latin-${weight}-normal.woff2`),
    path.join(out, `noto-sans-latin-${weight}.woff2`),
  );
  const extended = fs.readFileSync(
    path.join(source, `files/noto-sans-latin-ext-${weight}-normal.woff2`),
  );
  const rupee = await subsetFont(extended, EXTRA_GLYPHS, { targetFormat: "woff2" });
  fs.writeFileSync(path.join(out, `noto-sans-rupee-${weight}.woff2`), rupee);
  console.log(`noto-sans ${weight}: latin + rupee (${rupee.length} bytes)`);
}
fs.copyFileSync(path.join(source, "LICENSE"), path.join(out, "OFL.txt"));
