import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Dashboard, ShopSettings } from "../../../../contract/seller";
import { apiFetch } from "../../../lib/api-client";
import { sellerKeys } from "../../../lib/query-keys";

export type DashboardDays = 7 | 30;

export function useDashboard(days: DashboardDays) {
  return useQuery({
    queryKey: sellerKeys.dashboard(days),
    queryFn: () => apiFetch<Dashboard>(`/api/seller/dashboard?days=${days}`),
    // Switching 7 ↔ 30 days keeps the numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * The shop's time zone (SHOP_TIME_ZONE), in which its days are counted (the dashboard, the CSV
 * export): `GET /api/seller/shop`, a few bytes, read once a visit, or taken from a dashboard
 * already loaded (which names it too); undefined until then (or if it cannot be read: callers
 * fall back to the browser's).
 */
export function useShopTimeZone(): string | undefined {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sellerKeys.timeZone,
    queryFn: () => apiFetch<ShopSettings>("/api/seller/shop"),
    initialData: () =>
      queryClient
        .getQueriesData<Dashboard>({ queryKey: sellerKeys.dashboardAll })
        .find(([, dashboard]) => dashboard !== undefined)?.[1],
    select: (shop) => shop.timeZone,
    // It changes only with the server's configuration.
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  }).data;
}
