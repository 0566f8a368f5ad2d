import { useMutation } from "@tanstack/react-query";
import type { ShopResponse, ShopUpdate } from "../../../../contract/shop";
import { apiFetch } from "../../../lib/api-client";
import { sellerKeys, shopKeys } from "../../../lib/query-keys";

/**
 * Saves the Shop settings form (`POST /api/seller/shop`). The shop, every delivery check and cart
 * quote priced with the old fees, and the seller's time zone are read again. Silent: the page
 * says a refusal under the field it names (or in a toast when it names none).
 */
export function useSaveShop() {
  return useMutation({
    mutationFn: (update: ShopUpdate) =>
      apiFetch<ShopResponse>("/api/seller/shop", { json: update }),
    meta: { silent: true, invalidates: [shopKeys.all, sellerKeys.timeZone] },
  });
}
