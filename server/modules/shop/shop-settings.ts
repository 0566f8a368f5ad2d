import { eq } from "drizzle-orm";
import type { DeliveryArea, LatLng } from "../../../contract/delivery-area";
import { paiseToRupees, rupeesToPaise } from "../../../contract/money";
import type { OpenSpan } from "../../../contract/opening-hours";
import type { FeeRules } from "../../../contract/pricing";
import type { Shop, ShopUpdate } from "../../../contract/shop";
import type { Db } from "../../db/database";
import { shop } from "../../db/schema";
import { openingAt } from "./shop-clock";

/** The shop as the server uses it: money in paise, its zone resolved. */
export interface ShopSettings {
  name: string;
  phone: string;
  address: string;
  location: LatLng | null;
  timeZone: string;
  openHours: OpenSpan[];
  fssaiNumber: string | null;
  gstin: string | null;
  upiId: string | null;
  area: DeliveryArea;
  fees: FeeRules;
}

type ShopRow = typeof shop.$inferSelect;

export function settingsOf(row: ShopRow, defaultTimeZone: string): ShopSettings {
  return {
    name: row.name,
    phone: row.phone,
    address: row.address,
    location: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    timeZone: row.timeZone ?? defaultTimeZone,
    openHours: row.openHours,
    fssaiNumber: row.fssaiNumber,
    gstin: row.gstin,
    upiId: row.upiId,
    area: { radiusKm: row.deliveryRadiusKm, pinCodes: row.pinCodes },
    fees: {
      deliveryFeePaise: row.deliveryFeePaise,
      freeAbovePaise: row.freeAbovePaise,
      minimumOrderPaise: row.minimumOrderPaise,
      smallCartFeePaise: row.smallCartFeePaise,
      smallCartBelowPaise: row.smallCartBelowPaise,
    },
  };
}

/** The shop as the API answers it (money in rupees), open or not at `at`. */
export function shopAnswer(settings: ShopSettings, at = new Date()): Shop {
  const opening = openingAt(settings.openHours, settings.timeZone, at);
  return {
    name: settings.name,
    phone: settings.phone,
    address: settings.address,
    location: settings.location,
    timeZone: settings.timeZone,
    openHours: settings.openHours,
    fssaiNumber: settings.fssaiNumber,
    gstin: settings.gstin,
    upiId: settings.upiId,
    delivery: {
      radiusKm: settings.area.radiusKm,
      pinCodes: [...settings.area.pinCodes],
      deliveryFee: paiseToRupees(settings.fees.deliveryFeePaise),
      freeAbove:
        settings.fees.freeAbovePaise === null ? null : paiseToRupees(settings.fees.freeAbovePaise),
      minimumOrder: paiseToRupees(settings.fees.minimumOrderPaise),
      smallCartFee: paiseToRupees(settings.fees.smallCartFeePaise),
      smallCartBelow: paiseToRupees(settings.fees.smallCartBelowPaise),
    },
    openNow: opening.open,
    opensAt: opening.opensAt?.toISOString() ?? null,
  };
}

/** The row's columns an update changes: fields left out keep their values, null clears. */
export function columnsOf(update: ShopUpdate): Partial<typeof shop.$inferInsert> {
  const columns: Partial<typeof shop.$inferInsert> = {};
  if (update.name !== undefined) columns.name = update.name;
  if (update.phone !== undefined) columns.phone = update.phone;
  if (update.address !== undefined) columns.address = update.address;
  if (update.location !== undefined) {
    columns.lat = update.location?.lat ?? null;
    columns.lng = update.location?.lng ?? null;
  }
  if (update.timeZone !== undefined) columns.timeZone = update.timeZone;
  if (update.openHours !== undefined) columns.openHours = update.openHours;
  if (update.fssaiNumber !== undefined) columns.fssaiNumber = update.fssaiNumber;
  if (update.gstin !== undefined) columns.gstin = update.gstin;
  if (update.upiId !== undefined) columns.upiId = update.upiId;
  const delivery = update.delivery;
  if (delivery) {
    if (delivery.radiusKm !== undefined) columns.deliveryRadiusKm = delivery.radiusKm;
    if (delivery.pinCodes !== undefined) columns.pinCodes = [...new Set(delivery.pinCodes)];
    if (delivery.deliveryFee !== undefined)
      columns.deliveryFeePaise = rupeesToPaise(delivery.deliveryFee);
    if (delivery.freeAbove !== undefined)
      columns.freeAbovePaise =
        delivery.freeAbove === null ? null : rupeesToPaise(delivery.freeAbove);
    if (delivery.minimumOrder !== undefined)
      columns.minimumOrderPaise = rupeesToPaise(delivery.minimumOrder);
    if (delivery.smallCartFee !== undefined)
      columns.smallCartFeePaise = rupeesToPaise(delivery.smallCartFee);
    if (delivery.smallCartBelow !== undefined)
      columns.smallCartBelowPaise = rupeesToPaise(delivery.smallCartBelow);
  }
  return columns;
}

export async function readShopRow(db: Db): Promise<ShopRow> {
  const [row] = await db.select().from(shop).where(eq(shop.id, 1));
  if (row) return row;
  // The migration makes the row; a database emptied by hand (or by the tests) gets it back.
  const [made] = await db.insert(shop).values({ id: 1 }).onConflictDoNothing().returning();
  return made ?? (await db.select().from(shop).where(eq(shop.id, 1)))[0]!;
}
