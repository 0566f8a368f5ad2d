import fs from "node:fs";
import { expect, it } from "vitest";
import { rasterDir, rasterNames } from "./art-plugin";

// A first `npm start` on a fresh clone draws no art: the rasters of every drawing as it is now
// must be committed (a build that had to draw them wrote them to web/art/raster: commit them).
it("keeps in web/art/raster exactly the rasters of the drawings as they are", () => {
  expect(fs.readdirSync(rasterDir).sort()).toEqual(rasterNames().sort());
});
