import type { Plugin } from "vite";

/** React Router's production build, as the build takes it (vite.config.ts). */
const routerBuild = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;

/** What `<Link>` draws beside its `<a>` to prefetch a page: only ever in framework mode. */
const prefetchLinks = "/* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })";

/**
 * Lets the build leave out the parts of React Router the store never runs, about 3.5 KB of the
 * storefront's first JavaScript (gzipped), without changing what any of it does:
 *
 * - Its components and contexts are made at module level by `React.forwardRef(...)`,
 *   `React.memo(...)` and `React.createContext(...)`, unmarked, and then named
 *   (`Form.displayName = "Form"`). A bundler keeps a call it cannot tell is pure, and a property
 *   set on its result, so `<Form>` (with `useSubmit` and the form-data code behind it) and the data
 *   routers' memoised routes came along though nothing renders them. The calls are marked pure
 *   (they only build an object) and the names dropped: only React's developer tools read them,
 *   and `vite` in development uses React Router's development build, which keeps them.
 * - `<Link>` renders `<PrefetchPageLinks>` (route manifests, module and style links: a few KB)
 *   only when `usePrefetchBehavior` says so, which it never does without the framework mode's
 *   context (`if (!frameworkContext) return [false, ...]`); the store uses `<BrowserRouter>` and
 *   `<StaticRouter>`, never that mode. That branch draws nothing instead.
 *
 * Should React Router's code change shape, the build says so (and the entry budget would too).
 */
export function routerShake(): Plugin {
  return {
    name: "greencart-router-shake",
    apply: "build",
    transform: {
      filter: { id: routerBuild },
      handler(code) {
        let shaken = code
          .replace(
            /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
            "$1/* @__PURE__ */ $2",
          )
          // (emptied, not removed, so that the lines keep their numbers for a source map)
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "");
        if (code.includes("var Link = ")) {
          if (shaken.includes(prefetchLinks)) shaken = shaken.replace(prefetchLinks, "null");
          else this.warn("React Router's <Link> changed: its prefetch links stay in the bundle");
        }
        return shaken === code ? null : { code: shaken, map: null };
      },
    },
  };
}
