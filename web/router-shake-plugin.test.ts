import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routerShake } from "./router-shake-plugin";

type Handler = (this: { warn: (message: string) => void }, code: string, id: string) => unknown;

/** Runs the plugin's transform as the build would; answers the new code and any warnings. */
function shake(code: string, id: string) {
  const warnings: string[] = [];
  const { handler } = routerShake().transform as unknown as { handler: Handler };
  const result = handler.call({ warn: (message) => warnings.push(message) }, code, id) as {
    code: string;
  } | null;
  return { code: result?.code ?? code, warnings };
}

const dist = path.resolve(import.meta.dirname, "../node_modules/react-router/dist/production");
const installed = fs
  .readdirSync(dist)
  .filter((file) => /^chunk-.*\.mjs$/.test(file))
  .map((file) => path.join(dist, file))
  .find((file) => fs.readFileSync(file, "utf8").includes("var Link = "))!;

describe("routerShake (the build leaves out React Router code the store never runs)", () => {
  it("finds what it takes out in the React Router this store installs, and warns of nothing", () => {
    const { filter } = routerShake().transform as unknown as { filter: { id: RegExp } };
    expect(filter.id.test(installed)).toBe(true);
    const code = fs.readFileSync(installed, "utf8");
    const { code: shaken, warnings } = shake(code, installed);
    expect(warnings).toEqual([]);
    // <Link>'s framework-mode prefetch links are gone; <Link> itself is still there.
    expect(code).toContain("createElement(PrefetchPageLinks, { page: href })");
    expect(shaken).not.toContain("createElement(PrefetchPageLinks, { page: href })");
    expect(shaken).toContain("var Link = ");
    // Components and contexts are marked pure, so an unused one can be left out; names dropped.
    expect(shaken).toMatch(/var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(shaken).not.toMatch(/^[\w$]+\.displayName = /m);
    // Nothing else moved: the same number of lines (source maps stay right).
    expect(shaken.split("\n")).toHaveLength(code.split("\n").length);
  });

  it("says so when <Link> no longer has the shape it expects", () => {
    const id = "/x/node_modules/react-router/dist/production/chunk-TEST.mjs";
    const { warnings } = shake("var Link = React.forwardRef(function Link() {});\n", id);
    expect(warnings).toEqual([
      "React Router's <Link> changed: its prefetch links stay in the bundle",
    ]);
  });
});
