import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../contract/money";
import type { Address } from "../../../contract/address";
import type { Product } from "../../../contract/product";
import { closedWords, useQuote, useShop } from "../../lib/shop-api";

/**
 * The cart as the server prices it (the quote), for the chosen address when the shopper is
 * signed in, and what stops it being ordered: below the shop's minimum, an address outside its
 * area (the server's own reason), or no price yet. `closed` says when the shop opens next while
 * it is closed (the cart then promises no time).
 */
export function useCartQuote({
  lines,
  address,
  addressKnown,
  now,
}: {
  lines: { product: Product; quantity: number }[];
  address: Address | undefined;
  /** Whether the address to price for is known yet (a visitor: none; a shopper: once listed). */
  addressKnown: boolean;
  now: number;
}) {
  const shop = useShop();
  const quoted = useQuote(
    lines.map((l) => ({ product: l.product._id, quantity: l.quantity })),
    address?._id,
    addressKnown,
  );
  // A quote for another cart (kept on screen while this one is priced) is never sent as shown.
  const quote = quoted.isPlaceholderData ? undefined : quoted.data;
  let blocked: string | undefined;
  if (quote?.belowMinimumBy != null && quote.belowMinimumBy > 0)
    blocked = `Add ${formatRupees(quote.belowMinimumBy)} more to reach the minimum order of ${formatRupees(
      paiseToRupees(rupeesToPaise(quote.itemsTotal) + rupeesToPaise(quote.belowMinimumBy)),
    )}.`;
  else if (quote?.serviceable === false)
    blocked = quote.reason ?? "Sorry, we don't deliver to this address yet.";
  else if (!quote && quoted.isError)
    blocked = "We could not work out your total. Check your connection and try again.";
  return {
    quote,
    shown: quoted.data,
    blocked,
    closed: shop.data ? closedWords(shop.data, now) : null,
  };
}
