/**
 * ₹1,234.50, with Indian digit grouping (₹12,34,567.00): exactly what
 * `new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" })` writes, without it.
 * A page's first Intl currency formatter loads ICU's locale data, 20–50 ms of a phone's main
 * thread in one piece, and every storefront page shows a price (docs/decisions/017). money.test.ts
 * holds this to Intl's answers.
 */
export function formatRupees(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  // Rounded half away from zero on the number's shortest decimal form, as Intl rounds (1.005 →
  // 1.01, although the double is a hair below 1.005).
  const text = Math.abs(amount).toString();
  if (text.includes("e")) return `${sign}₹${Math.abs(amount).toFixed(2)}`; // below 1e-6 or above 1e21
  const [whole = "0", fraction = ""] = text.split(".");
  let paise = Number(fraction.slice(0, 2).padEnd(2, "0"));
  let rupees = Number(whole);
  if ((fraction[2] ?? "0") >= "5") paise++;
  if (paise === 100) {
    paise = 0;
    rupees++;
  }
  return `${sign}₹${groupIndian(String(rupees))}.${String(paise).padStart(2, "0")}`;
}

/** 1234567 → 12,34,567: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${head},${digits.slice(-3)}`;
}
