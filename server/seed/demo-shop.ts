import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { shop } from "../db/schema";

/**
 * The demo's shop: a plausible quick-commerce store in Pune (made-up registrations, in their
 * right shapes: the GSTIN's check character is right), open round the clock, delivering
 * anywhere for free as a new shop does until its seller sets an area and fees in Shop settings.
 * Written only over a shop nobody has named yet, at the start that loads the demo catalogue.
 */
export const demoShop = {
  name: "GreenCart Shivajinagar",
  phone: "+919822000123",
  address: "Shop 4, Sai Complex, FC Road, Shivajinagar, Pune 411005",
  lat: 18.5308,
  lng: 73.8475,
  timeZone: "Asia/Kolkata",
  openHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: "00:00", close: "00:00" })),
  fssaiNumber: "11526999000123",
  gstin: "27AAGCG1234K1ZN",
  upiId: "greencart.pune@okaxis",
};

export async function seedDemoShop(db: Db): Promise<void> {
  await db.insert(shop).values({ id: 1 }).onConflictDoNothing();
  await db
    .update(shop)
    .set({ ...demoShop, updatedAt: new Date() })
    .where(eq(shop.name, "GreenCart"));
}
