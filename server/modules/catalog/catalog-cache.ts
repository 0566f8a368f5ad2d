import type { Product } from "../../../contract/product";
import { versionOf, type VersionedAnswer } from "../../http/versioned-answer";
import type { CatalogPage } from "./catalog-service";
import type { CatalogEntry } from "./product-view";
import type { StockBoard, StockState } from "./stock-board";

/** A rendered JSON answer; compressed for browsers when first asked for (versioned-answer.ts). */
export type CatalogAnswer = VersionedAnswer;

/**
 * What chooses a list's products besides their listing: nothing (`listing`), the units left
 * (`stock`: `stock=low`, `stock=out`), or the units sold lately (`sales`: Best Sellers).
 */
export type ListChosenBy = "listing" | "stock" | "sales";

/**
 * A list chosen by sales is read again after a stock change (an order, a cancellation) once it is
 * this old, so that a rush of orders reads it at most this often in each process (it adds up a
 * month of sales), and once it is `SALES_MAX_AGE_MS` old whatever happened (a payment confirmed
 * changes no stock; the month slides on).
 */
export const SALES_MIN_AGE_MS = 5_000;
export const SALES_MAX_AGE_MS = 60_000;

interface Cached {
  kind: "list" | "product";
  page: CatalogPage;
  productIds: string[];
  /**
   * For a list chosen by stock or sales: the board's epoch it was read at. Any product's stock may
   * move it into the list or out of it, so it is read again once any changed.
   */
  stockEpoch?: number;
  /** For a list chosen by sales: when it was read (`now`). */
  readAt?: number;
  /** The body as sent, and the board's epoch it is known right at. */
  rendered?: { epoch: number; answer: CatalogAnswer };
}

const MAX_ENTRIES = 1000;
/** Offer prices kept at most (ids asked for that are not on sale count too): then they start over. */
const MAX_PRICES = 50_000;

/**
 * Catalogue answers are read far more often than products change. Each distinct query's products
 * are kept with the stock version they were read at; stock and in-stock state are laid over them
 * from the StockBoard when the answer is sent, so orders never wipe this cache (an order changes
 * only stock). A rendered body is reused until one of its own products' stock changes: an order
 * re-renders the answers that show what it bought, not every answer. What does wipe it: a change
 * to a product's listing (text, prices, pictures, on or off sale, added, deleted), announced by
 * the database to every process (docs/decisions/008-catalogue-cache.md).
 */
export class CatalogCache {
  private generation = 0;
  private readonly entries = new Map<string, Cached>();
  /** Offer prices in paise by product id (null: no such product on sale), read at `generation`. */
  private prices = { generation: 0, paise: new Map<string, number | null>() };

  constructor(
    readonly board: StockBoard,
    private readonly now: () => number = Date.now,
  ) {}

  /** `chosenBy`: what besides a listing change may change which products the list holds. */
  list(
    key: string,
    compute: () => Promise<CatalogPage>,
    chosenBy: ListChosenBy = "listing",
  ): Promise<CatalogAnswer> {
    return this.answer(`list:${key}`, "list", compute, chosenBy);
  }

  product(id: string, compute: () => Promise<CatalogEntry>): Promise<CatalogAnswer> {
    return this.answer(`product:${id}`, "product", async () => ({ entries: [await compute()] }));
  }

  /**
   * Products' offer prices in paise (null: not a product on sale), as `read` finds those not kept;
   * kept until a listing changes (prices are part of it). A cart's quote reads them at every change
   * of the cart: an order is priced from the database all the same, and refused if its total is not
   * the one the quote showed.
   */
  async offerPrices(
    ids: readonly string[],
    read: (ids: string[]) => Promise<Map<string, number>>,
  ): Promise<Map<string, number | null>> {
    if (this.prices.generation !== this.generation || this.prices.paise.size > MAX_PRICES)
      this.prices = { generation: this.generation, paise: new Map() };
    const kept = this.prices;
    const missing = ids.filter((id) => !kept.paise.has(id));
    const found = missing.length > 0 ? await read(missing) : new Map<string, number>();
    // A listing change while it was read: answer what was read, keep none of it.
    const keep = kept.generation === this.generation;
    const answer = new Map<string, number | null>();
    for (const id of ids) {
      const paise = kept.paise.has(id) ? kept.paise.get(id)! : (found.get(id) ?? null);
      if (keep) kept.paise.set(id, paise);
      answer.set(id, paise);
    }
    return answer;
  }

  /**
   * A product's stock as a change left it (an order this process placed, a row of the stock
   * ledger). When it went out of stock or back in, the lists it may leave or join (in-stock lists:
   * search, best sellers, related products) are dropped at once: the database's catalog_changed
   * notification would drop them too, but a few milliseconds later, after this process may have
   * answered and sent the next list still without the change. A product the board does not know
   * is in no kept answer, yet one coming back in stock (`rose`: units were added) may belong in a
   * kept in-stock list; an order for it (units taken) drops nothing.
   */
  stockChanged(productId: string, state: StockState, rose = false): void {
    const before = this.board.get(productId);
    if (!this.board.offer(productId, state)) return;
    if (before ? before.inStock !== state.inStock : rose && state.inStock)
      this.listingChanged(productId);
  }

  /** A product's listing changed, or (without an id) products came, went or may have. */
  listingChanged(productId?: string): void {
    this.generation++;
    if (productId === undefined) return this.entries.clear();
    // Any list may hold it, or gain or lose it (on/off sale): lists go; other products stay.
    for (const [key, entry] of this.entries) {
      if (entry.kind === "list" || key === `product:${productId}`) this.entries.delete(key);
    }
  }

  private async answer(
    key: string,
    kind: Cached["kind"],
    compute: () => Promise<CatalogPage>,
    chosenBy: ListChosenBy = "listing",
  ): Promise<CatalogAnswer> {
    let entry = this.entries.get(key);
    // The answer last sent for this key, kept when its products are read again.
    let last = entry?.rendered?.answer;
    if (entry && this.outdated(entry)) entry = undefined;
    if (!entry) {
      const startedAt = this.generation;
      // Taken before the read: a change that arrives while it runs makes the next one read again.
      const stockEpoch = this.board.epoch;
      const page = await compute();
      for (const { product, stockVersion } of page.entries) {
        this.board.offer(product._id, {
          stock: product.stock,
          inStock: product.inStock,
          version: stockVersion,
          updatedAt: product.updatedAt,
        });
      }
      entry = {
        kind,
        page,
        productIds: page.entries.map((e) => e.product._id),
        ...(chosenBy !== "listing" ? { stockEpoch } : {}),
        ...(chosenBy === "sales" ? { readAt: this.now() } : {}),
      };
      // A listing change committed while we were reading may be missing: do not keep it then.
      if (this.generation === startedAt) this.remember(key, entry);
    }
    const epoch = this.board.epoch;
    const rendered = entry.rendered;
    if (rendered && !this.board.changedSince(rendered.epoch, entry.productIds)) {
      rendered.epoch = epoch;
      return rendered.answer;
    }
    const body = this.render(entry);
    last = rendered?.answer ?? last;
    // The same bytes keep their version (and its compressed copies).
    const answer = last?.body === body ? last : versionOf(body, last, this.now());
    entry.rendered = { epoch, answer };
    return answer;
  }

  /** Whether a kept list may no longer hold the products it should (see ListChosenBy). */
  private outdated(entry: Cached): boolean {
    const stockMoved = entry.stockEpoch !== undefined && entry.stockEpoch !== this.board.epoch;
    if (entry.readAt === undefined) return stockMoved;
    const age = this.now() - entry.readAt;
    return age >= SALES_MAX_AGE_MS || (stockMoved && age >= SALES_MIN_AGE_MS);
  }

  private remember(key: string, entry: Cached): void {
    if (this.entries.size >= MAX_ENTRIES)
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }

  /** The answer's JSON with the newest stock this process knows. */
  private render(entry: Cached): string {
    const products = entry.page.entries.map((e) => this.current(e));
    return JSON.stringify(
      entry.kind === "product"
        ? { success: true, product: products[0] }
        : {
            success: true,
            products,
            ...(entry.page.nextCursor !== undefined ? { nextCursor: entry.page.nextCursor } : {}),
          },
    );
  }

  /** The product with the newest stock this process knows. */
  private current({ product, stockVersion }: CatalogEntry): Product {
    const state = this.board.get(product._id);
    if (!state || state.version <= stockVersion) return product;
    return { ...product, stock: state.stock, inStock: state.inStock, updatedAt: state.updatedAt };
  }
}
