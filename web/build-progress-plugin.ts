import type { Plugin } from "vite";

/**
 * What a build is doing, for `npm start`'s first start (scripts/start.mjs sets
 * GREENCART_BUILD_PROGRESS=1): a line as each part starts and one as it ends, with how many
 * modules it read and how long it took. Whole lines, not a line redrawn in place: the server
 * prepares its database meanwhile and says so in lines of its own. Silent otherwise: `vite build`
 * in the tests and by hand prints what it always printed.
 */
export function buildProgress(): Plugin {
  const on = Boolean(process.env.GREENCART_BUILD_PROGRESS);
  const parts: Record<string, [string, string]> = {
    client: ["[1/3] Building the storefront...", "[1/3] Storefront built"],
    ssr: ["[2/3] Building the server's page renderer...", "[2/3] Page renderer built"],
  };
  let started = 0;
  let modules = 0;
  const part = (name: string) => parts[name] ?? [`Building ${name}...`, `Built ${name}`];
  return {
    name: "greencart-build-progress",
    apply: "build",
    buildStart() {
      if (!on) return;
      started = Date.now();
      modules = 0;
      console.log(`  ${part(this.environment.name)[0]}`);
    },
    transform() {
      modules++;
    },
    writeBundle() {
      if (!on) return;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`  ${part(this.environment.name)[1]}: ${modules} modules in ${seconds} s`);
    },
  };
}
