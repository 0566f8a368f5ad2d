/** What every storefront page loads at start, read from the built index.html (paths under dist/web). */
export function entryFiles(html: string): string[];
