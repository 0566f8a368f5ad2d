import type { Dashboard, ShopSettings } from "../../contract/seller";

/** A dashboard answer of a shop with no orders yet, in `timeZone` (the shop's). */
export function quietDashboard(timeZone = "Asia/Kolkata"): Dashboard {
  return {
    success: true,
    timeZone,
    today: {
      orders: 0,
      revenue: 0,
      averageOrderValue: 0,
      medianMinutesToDispatch: null,
      onTimeRate: null,
      lateNow: 0,
    },
    days: [],
    topProducts: [],
    lowStock: [],
  };
}

/** The shop's settings (`GET /api/seller/shop`) in `timeZone`. */
export function shopSettings(
  timeZone = "Asia/Kolkata",
  paymentProvider: ShopSettings["paymentProvider"] = "demo",
): ShopSettings {
  return { success: true, timeZone, paymentProvider };
}
