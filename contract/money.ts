/**
 * Money is stored and computed as integer paise and sent as rupees with at most two decimals
 * (api-contract.md, "Money"). These are the only two conversions.
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
