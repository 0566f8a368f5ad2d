/** A product's stock as last known, with the version it was read at. */
export interface StockState {
  stock: number;
  inStock: boolean;
  /** From products.stock_version: per product, higher is newer (taken under the row's lock). */
  version: number;
  updatedAt: string;
}

/**
 * What this process knows of every product's stock, fed by the stock ledger (each order's change
 * arrives within milliseconds) and by every product row it reads. Cached catalogue answers keep
 * their names and prices; their stock comes from here at read time, so an order never has to
 * wipe the cache (docs/decisions/008-catalogue-cache.md).
 */
export class StockBoard {
  private readonly states = new Map<string, StockState>();
  /** Grows on every accepted change: a rendered answer older than this may be stale. */
  epoch = 0;

  /** Keeps `state` if it is newer than what is known; returns whether it was. */
  offer(productId: string, state: StockState): boolean {
    const known = this.states.get(productId);
    if (known && known.version >= state.version) return false;
    this.states.set(productId, state);
    if (known) this.epoch++;
    return true;
  }

  get(productId: string): StockState | undefined {
    return this.states.get(productId);
  }

  clear(): void {
    this.states.clear();
    this.epoch++;
  }
}
