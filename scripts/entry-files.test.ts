import { describe, expect, it } from "vitest";
import { entryFiles } from "./entry-files.mjs";

describe("entryFiles", () => {
  it("counts the module script and the modules it preloads, not styles or pictures", () => {
    const html = `<head>
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="modulepreload" href="/assets/vendor-b.js" crossorigin>
      <link rel="stylesheet" crossorigin href="/assets/index-e.css">
      <link rel="preload" as="image" href="/assets/art/hero.avif" data-route="/">
    </head>`;
    expect(entryFiles(html)).toEqual(["assets/index-a.js", "assets/vendor-b.js"]);
  });
});
