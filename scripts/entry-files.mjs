// What every storefront page loads at start, read from the built index.html: its module script
// and the modules it preloads. Used by the budget check and the bench.

/** @param {string} html the built index.html @returns {string[]} paths under dist/web */
export function entryFiles(html) {
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
  const src = (tag, attribute) => new RegExp(`\\b${attribute}="([^"]+)"`).exec(tag)?.[1];
  const files = tags.flatMap((tag) => {
    if (tag.startsWith("<script") && /type="module"/.test(tag)) return [src(tag, "src")];
    if (/rel="modulepreload"/.test(tag)) return [src(tag, "href")];
    return [];
  });
  return [...new Set(files.filter(Boolean).map((f) => f.replace(/^\//, "")))];
}
