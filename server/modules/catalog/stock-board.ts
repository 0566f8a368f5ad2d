/** A product's stock as last known, with the version it was read at. */
export interface StockState {
  stock: number;
  inStock: boolean;
  /** From products.stock_version: per product, higher is newer (taken under the row's lock). */
  version: number;
  updatedAt: string;
}

interface Known extends StockState {
  /** The board's epoch when this state was accepted. */
  changedAt: number;
}

/**
 * What this process knows of every product's stock, fed by the stock ledger (each order's change
 * arrives within milliseconds) and by every product row it reads. Cached catalogue answers keep
 * their names and prices; their stock comes from here at read time, so an order never has to
 * wipe the cache (docs/decisions/008-catalogue-cache.md). Each accepted change is numbered, so an
 * answer rendered at epoch N is still right while none of its own products changed after N.
 */
export class StockBoard {
  private readonly states = new Map<string, Known>();
  /** Grows on every accepted change. */
  epoch = 0;
  /** The epoch of the last clear(): an answer rendered before it may show forgotten states. */
  private clearedAt = 0;

  /** Keeps `state` if it is newer than what is known; returns whether it was. */
  offer(productId: string, state: StockState): boolean {
    const known = this.states.get(productId);
    if (known && known.version >= state.version) return false;
    this.states.set(productId, { ...state, changedAt: ++this.epoch });
    return true;
  }

  get(productId: string): StockState | undefined {
    return this.states.get(productId);
  }

  /** Whether what is known of these products may differ from what it was at `epoch`. */
  changedSince(epoch: number, productIds: Iterable<string>): boolean {
    if (epoch === this.epoch) return false;
    if (epoch < this.clearedAt) return true;
    for (const id of productIds) {
      if ((this.states.get(id)?.changedAt ?? 0) > epoch) return true;
    }
    return false;
  }

  clear(): void {
    this.states.clear();
    this.clearedAt = ++this.epoch;
  }
}
