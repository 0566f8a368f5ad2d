/**
 * Every URL the API hands out is absolute (api-contract.md, "Additions"): stored media under
 * MEDIA_URL (a CDN may sit in front), the store's own pages under PUBLIC_URL. Rows keep relative
 * paths and the edge builds the URL, so changing either address needs no migration.
 */
export class PublicUrls {
  constructor(
    readonly publicUrl: string,
    readonly mediaUrl: string,
  ) {}

  /** `/media/x.webp` → `<MEDIA_URL>/media/x.webp`; other paths of ours → `<PUBLIC_URL>/path`. */
  absolute(url: string): string {
    if (!url.startsWith("/") || url.startsWith("//")) return url;
    return `${url.startsWith("/media/") ? this.mediaUrl : this.publicUrl}${url}`;
  }

  images(urls: readonly string[]): string[] {
    return urls.map((u) => this.absolute(u));
  }

  /** The stored form of a URL we handed out (absolute or relative), or undefined if not ours. */
  storedMediaPath(url: string): string | undefined {
    for (const base of [this.mediaUrl, this.publicUrl, ""]) {
      if (url.startsWith(`${base}/media/`)) return url.slice(base.length);
    }
    return undefined;
  }
}
