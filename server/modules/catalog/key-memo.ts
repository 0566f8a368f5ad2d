/**
 * A list query's cache key by the URL it came as: the same URL always validates to the same query
 * and so to the same key, and a shop's popular pages are asked for in the same few URLs over and
 * over. Building the key (the canonical path of the query) was a tenth of a cached read's
 * JavaScript. At most `limit` URLs of at most `maxUrlLength` characters are kept (a cart's `ids`
 * query is long and rarely asked twice); when full it starts again, so hostile URLs cost a rebuild
 * and at most about a megabyte.
 */
export class KeyMemo {
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly limit = 2000,
    private readonly maxUrlLength = 256,
  ) {}

  of(url: string, build: () => string): string {
    if (url.length > this.maxUrlLength) return build();
    let key = this.keys.get(url);
    if (key === undefined) {
      key = build();
      if (this.keys.size >= this.limit) this.keys.clear();
      this.keys.set(url, key);
    }
    return key;
  }
}
