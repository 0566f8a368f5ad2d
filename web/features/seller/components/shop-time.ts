/**
 * Times in the seller area are the shop's (SHOP_TIME_ZONE, in which the dashboard and the CSV
 * count days), whatever the browser's zone; the browser's until the shop's is known
 * (`useShopTimeZone`). One set of formatters per zone.
 */
export interface ShopTime {
  /** "24 Nov 2026, 11:26 pm" */
  placed: (at: string) => string;
  /** "24 Nov 2026" */
  day: (at: string) => string;
  /** "7:42 pm", lower-case as the storefront's formatClock writes it. */
  clock: (at: string) => string;
}

const formatters = new Map<string, ShopTime>();

export function shopFormat(timeZone: string | undefined): ShopTime {
  const key = timeZone ?? "";
  let found = formatters.get(key);
  if (!found) {
    const placed = new Intl.DateTimeFormat("en-IN", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone,
    });
    const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone });
    const clock = new Intl.DateTimeFormat("en-IN", {
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    found = {
      placed: (at) => placed.format(new Date(at)),
      day: (at) => day.format(new Date(at)),
      clock: (at) => clock.format(new Date(at)).toLowerCase(),
    };
    formatters.set(key, found);
  }
  return found;
}
