import type { PaymentChoice } from "./components/order-summary";

/**
 * The address and payment the shopper chose on the cart, kept for the tab (sessionStorage): a
 * reload, or a phone's browser loading the tab again, keeps them rather than going back to the
 * first address and cash on delivery without a word.
 */
export interface CheckoutChoices {
  address?: string;
  payment?: PaymentChoice;
}

const STORAGE = "greencart:checkout-choices";

export function readCheckoutChoices(): CheckoutChoices {
  try {
    const kept = JSON.parse(sessionStorage.getItem(STORAGE) ?? "{}") as CheckoutChoices | null;
    return {
      address: typeof kept?.address === "string" ? kept.address : undefined,
      payment: kept?.payment === "COD" || kept?.payment === "Online" ? kept.payment : undefined,
    };
  } catch {
    return {};
  }
}

export function keepCheckoutChoices(choices: CheckoutChoices): void {
  try {
    sessionStorage.setItem(STORAGE, JSON.stringify(choices));
  } catch {
    // Storage refused: the choices last as long as the page.
  }
}
