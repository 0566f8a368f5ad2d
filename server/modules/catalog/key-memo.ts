/**
 * A list query's cache key by the URL it came as: the same URL always validates to the same query
 * and so to the same key, and a shop's popular pages are asked for in the same few URLs over and
 * over. Building the key (the canonical path of the query) was a tenth of a cached read's
 * JavaScript. At most `limit` URLs are kept; when full it starts again (hostile URLs only cost a
 * rebuild).
 */
export class KeyMemo {
  private readonly keys = new Map<string, string>();

  constructor(private readonly limit = 2000) {}

  of(url: string, build: () => string): string {
    let key = this.keys.get(url);
    if (key === undefined) {
      key = build();
      if (this.keys.size >= this.limit) this.keys.clear();
      this.keys.set(url, key);
    }
    return key;
  }
}
