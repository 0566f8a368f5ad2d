import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatRupees } from "../../contract/money";
import type { DeliveryCheckResponse, QuoteResponse, Shop, ShopResponse } from "../../contract/shop";
import { formatClock } from "../ui/countdown";
import { apiFetch } from "./api-client";
import { shopKeys } from "./query-keys";

/**
 * The shop as shoppers see it (issue 43, decision 045): who it is, when it is open, where it
 * delivers and what it charges. Read once and kept (a minute fresh); the seller's save in Shop
 * settings invalidates everything under `shopKeys.all`.
 */
export function useShop() {
  return useQuery({
    queryKey: shopKeys.profile,
    queryFn: () => apiFetch<ShopResponse>("/api/shop"),
    select: (body) => body.shop,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** Whether the shop delivers to `pin` (null: nothing asked yet). */
export function useDeliveryCheck(pin: string | null) {
  return useQuery({
    queryKey: shopKeys.deliveryCheck(pin ?? ""),
    queryFn: () =>
      apiFetch<DeliveryCheckResponse>(`/api/delivery/check?pin=${encodeURIComponent(pin ?? "")}`),
    enabled: pin !== null,
    staleTime: 60_000,
    retry: false,
    // Said beside the PIN field, not in a toast.
    meta: { silent: true },
  });
}

/**
 * What the cart comes to, as the server prices it (POST /api/cart/quote): the cart page shows
 * these lines and sends their total as `shownTotal`. While a changed cart is priced the last
 * quote stays shown; `isPlaceholderData` tells.
 */
export function useQuote(
  lines: { product: string; quantity: number }[],
  address?: string,
  enabled = true,
) {
  const sorted = lines
    .map((l) => [l.product, l.quantity] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return useQuery({
    queryKey: shopKeys.quote(sorted, address),
    queryFn: () =>
      apiFetch<QuoteResponse>("/api/cart/quote", {
        json: {
          items: sorted.map(([product, quantity]) => ({ product, quantity })),
          ...(address ? { address } : {}),
        },
      }),
    select: (body) => body.quote,
    enabled: enabled && sorted.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** "We deliver to 411001: ₹25 delivery, free above ₹199", or the server's reason why not. */
export function deliveryWords(pin: string, check: DeliveryCheckResponse): string {
  if (!check.serviceable) return check.reason ?? `Sorry, we don't deliver to ${pin} yet`;
  const fee =
    check.deliveryFee > 0 ? `${formatRupees(check.deliveryFee)} delivery` : "free delivery";
  const free =
    check.deliveryFee > 0 && check.freeAbove !== null
      ? `, free above ${formatRupees(check.freeAbove)}`
      : "";
  const minimum =
    check.minimumOrder > 0 ? ` (minimum order ${formatRupees(check.minimumOrder)})` : "";
  return `We deliver to ${pin}: ${fee}${free}${minimum}`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "7:00 AM", or "Mon 7:00 AM" when it is not today (the shopper's clock). */
export function opensAtWords(opensAt: string, now: number): string {
  const at = new Date(opensAt);
  const clock = formatClock(at).toUpperCase();
  return new Date(now).toDateString() === at.toDateString()
    ? clock
    : `${WEEKDAYS[at.getDay()]} ${clock}`;
}

/** What the store says while the shop is closed; null while it is open. */
export function closedWords(shop: Shop, now: number): string | null {
  if (shop.openNow) return null;
  if (!shop.opensAt) return "We're closed now.";
  return `We're closed now. Opens at ${opensAtWords(shop.opensAt, now)}; orders placed now are delivered from then.`;
}

/** A WhatsApp chat with the shop: `https://wa.me/` and the number's digits (91 for India). */
export function whatsAppUrl(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}
