// Adds the platform-specific optional packages (other OS/CPU builds of rollup, tailwind's oxide...)
// that npm leaves out of package-lock.json when the registry it reaches lacks that exact build,
// although `npm ci` then asks for them ("Missing: @rollup/rollup-darwin-x64@ from lock file").
// Run after changing dependencies:
//   npm install && node scripts/complete-lockfile.mjs && npm ci --dry-run
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const lockPath = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // Where Node would resolve `name` from `location`: nested first, then each parent up to the root.
    const candidates = [];
    let base = location;
    for (;;) {
      candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
      const cut = base.lastIndexOf("/node_modules/");
      if (base === "") break;
      base = cut === -1 ? "" : base.slice(0, cut);
    }
    if (candidates.some((c) => packages[c])) continue;
    // The registry mirror here may lack this exact build for other platforms; its os/cpu fields are
    // the same in every version, so read them from the newest one. npm never installs these entries
    // on a machine they do not fit, so no integrity is needed.
    const info = JSON.parse(
      execFileSync("npm", ["view", name, "os", "cpu", "libc", "--json"], { encoding: "utf8" }) ||
        "{}",
    );
    const target = `node_modules/${name}`;
    packages[target] = {
      version: spec,
      ...(info.cpu ? { cpu: [].concat(info.cpu) } : {}),
      ...(info.libc ? { libc: [].concat(info.libc) } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(info.os ? { os: [].concat(info.os) } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform package entries`);
