import { eq } from "drizzle-orm";
import type { ShopUpdate } from "../../../contract/shop";
import type { Db } from "../../db/database";
import { shop } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { columnsOf, readShopRow, settingsOf, type ShopSettings } from "./shop-settings";

/**
 * The shop's settings as every request reads them: kept in memory, read again from the database
 * after `ttlMs` (another process may have changed them) and at once after this process changed
 * them. A fee changed elsewhere reaches this process within that time; an order priced with the
 * old one meanwhile is refused if it is not the total the shopper was shown (`shownTotal`).
 */
export class ShopStore {
  private kept: { settings: ShopSettings; readAt: number } | undefined;
  private reading: Promise<ShopSettings> | undefined;

  constructor(
    private readonly db: Db,
    private readonly defaultTimeZone: string,
    private readonly ttlMs = 5_000,
  ) {}

  async get(): Promise<ShopSettings> {
    if (this.kept && Date.now() - this.kept.readAt < this.ttlMs) return this.kept.settings;
    this.reading ??= readShopRow(this.db)
      .then((row) => {
        const settings = settingsOf(row, this.defaultTimeZone);
        this.kept = { settings, readAt: Date.now() };
        return settings;
      })
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** Applies the seller's changes: fields left out keep their values; null clears. */
  async update(update: ShopUpdate): Promise<ShopSettings> {
    const current = settingsOf(await readShopRow(this.db), this.defaultTimeZone);
    const location = update.location === undefined ? current.location : update.location;
    const radius =
      update.delivery?.radiusKm === undefined ? current.area.radiusKm : update.delivery.radiusKm;
    if (radius !== null && location === null)
      throw new AppError(
        "validation_failed",
        "delivery.radiusKm needs the shop's location: set location (or use my location) first",
      );
    const columns = columnsOf(update);
    const [row] = await this.db
      .update(shop)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(shop.id, 1))
      .returning();
    const settings = settingsOf(row!, this.defaultTimeZone);
    this.kept = { settings, readAt: Date.now() };
    return settings;
  }

  /** Forgets what it read (tests, and a database emptied under it). */
  forget(): void {
    this.kept = undefined;
  }
}
