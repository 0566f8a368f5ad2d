import { versionOf, type VersionedAnswer } from "../../http/versioned-answer";

/** Pages kept, by URL, the least recently sent going first (a search's URL is the shopper's). */
const MAX_PAGES = 64;
/** A page longer than this (an unusually large first screen) is not kept. */
const MAX_KEPT_CHARS = 256 * 1024;

/**
 * The last version of each storefront page sent, by URL, so that a page is tagged and compressed
 * once per version rather than once per request: the same page for the same catalogue is the
 * same text, and compressing 30 KB at full effort costs about a millisecond of CPU
 * (docs/decisions/024-answers-compressed-once-per-version.md). A page whose catalogue data
 * changed is a new version; one that replaced a version younger than a second (a sale on the home
 * page) is compressed quickly.
 */
export class PageVersions {
  private readonly pages = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The version of `url` kept, if it was made from `source` (what the page is made of: the built
   * page and the catalogue answers in it), so the page need not be made again.
   */
  current(url: string, source: string): VersionedAnswer | undefined {
    const kept = this.pages.get(url);
    if (kept?.source !== source) return undefined;
    this.pages.delete(url); // to the back of the queue
    this.pages.set(url, kept);
    return kept.version;
  }

  /**
   * The version of `url` whose text is `body`, made from `source` (none for a page that must be
   * made again next time): the one kept if the text is unchanged, else a new one.
   */
  of(url: string, body: string, source?: string): VersionedAnswer {
    const kept = this.pages.get(url);
    if (kept) this.pages.delete(url);
    const version =
      kept?.version.body === body ? kept.version : versionOf(body, kept?.version, this.now());
    if (body.length <= MAX_KEPT_CHARS) {
      if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value as string);
      this.pages.set(url, { version, source });
    }
    return version;
  }
}

interface Kept {
  version: VersionedAnswer;
  source: string | undefined;
}
