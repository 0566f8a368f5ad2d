import { useQuery } from "@tanstack/react-query";
import type { PickList } from "../../../../contract/order";
import { apiFetch } from "../../../lib/api-client";
import { orderKeys } from "../../../lib/query-keys";

/** Every unit to pack across orders in Order Placed and Packing. */
export function usePickList() {
  return useQuery({
    queryKey: orderKeys.pickList,
    queryFn: () => apiFetch<PickList>("/api/order/seller/pick-list"),
    select: (body) => body.items,
    // The page says when a refresh failed (see query-client.ts).
    meta: { quietRefresh: true },
  });
}
