/**
 * Times in the seller area are the shop's (SHOP_TIME_ZONE, in which the dashboard and the CSV
 * count days), whatever the browser's zone; the browser's until the shop's is known
 * (`useShopTimeZone`). One pair of formatters per zone.
 */
const formatters = new Map<
  string,
  { placed: Intl.DateTimeFormat; day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }
>();

/**
 * `placed`: "24 Nov 2026, 11:26 pm"; `day`: "24 Nov 2026"; `clock`: "7:42 pm" (lower-case it, as
 * formatClock does).
 */
export function shopFormat(timeZone: string | undefined) {
  const key = timeZone ?? "";
  let found = formatters.get(key);
  if (!found) {
    found = {
      placed: new Intl.DateTimeFormat("en-IN", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone,
      }),
      day: new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone }),
      clock: new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone }),
    };
    formatters.set(key, found);
  }
  return found;
}
