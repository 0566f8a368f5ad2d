import { createHash } from "node:crypto";

export interface CachedAnswer {
  /** The JSON body, serialised once. */
  body: string;
  etag: string;
}

const MAX_ENTRIES = 500;

/**
 * Catalogue answers are read far more often than products change, so each distinct query's answer
 * is kept serialised with its ETag. Any committed change to the products table (this process or
 * another, via the database's NOTIFY) calls `invalidate`, which drops everything at once.
 */
export class CatalogCache {
  private version = 0;
  private readonly entries = new Map<string, CachedAnswer>();

  invalidate(): void {
    this.version++;
    this.entries.clear();
  }

  async get(key: string, compute: () => Promise<unknown>): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const startedAt = this.version;
    const body = JSON.stringify(await compute());
    const answer = { body, etag: etagOf(body) };
    // A change committed while we were reading may be missing from `body`: do not keep it then.
    if (this.version === startedAt) {
      if (this.entries.size >= MAX_ENTRIES)
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, answer);
    }
    return answer;
  }
}

export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}
