const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** ₹1,234.50 */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
