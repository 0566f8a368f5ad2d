/**
 * Money is stored and computed as integer paise and sent as rupees with at most two decimals
 * (api-contract.md, "Money"). These are the only two conversions: a sum of rupee amounts is made
 * in paise (rupeesToPaise, then paiseToRupees), so that no float drift creeps in line by line.
 */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** True when a rupee amount has at most two decimals (checked on the paise value to avoid float noise). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  return Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

/*
 * The one money formatter (architecture.md rule 17), for the web app and the server's pages and
 * messages alike.
 */

/**
 * ₹1,234.50, with Indian digit grouping (₹12,34,567.00): exactly what
 * `new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" })` writes, without it.
 * A page's first Intl currency formatter loads ICU's locale data, 20–50 ms of a phone's main
 * thread in one piece, and every storefront page shows a price (docs/decisions/017).
 * money.unit.test.ts holds this to Intl's answers. Amounts no shop has (not finite, or 10^21 and
 * more, which JavaScript writes with an exponent) are left to Intl.
 */
export function formatRupees(amount: number): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e21) return intlRupees().format(amount);
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  // Rounded half away from zero on the number's shortest decimal form, as Intl rounds (1.005 →
  // 1.01, although the double is a hair below 1.005). Below 10^-6 JavaScript writes an exponent:
  // those round to zero paise either way.
  const text = Math.abs(amount).toString();
  const [whole = "0", fraction = ""] = text.includes("e") ? ["0"] : text.split(".");
  let paise = Number(fraction.slice(0, 2).padEnd(2, "0"));
  let rupees = Number(whole);
  if ((fraction[2] ?? "0") >= "5") paise++;
  if (paise === 100) {
    paise = 0;
    rupees++;
  }
  return `${sign}₹${groupIndian(String(rupees))}.${String(paise).padStart(2, "0")}`;
}

/** ₹2,31,358: to the nearest rupee (half away from zero), for figures where paise are noise. */
export function formatWholeRupees(amount: number): string {
  return formatRupees(Math.round(Math.abs(amount)) * Math.sign(amount)).replace(/\.00$/, "");
}

/** 1234567 → 12,34,567: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${head},${digits.slice(-3)}`;
}

let intl: Intl.NumberFormat | undefined;
const intlRupees = () =>
  (intl ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }));
