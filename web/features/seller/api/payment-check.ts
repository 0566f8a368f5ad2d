import { useMutation, useQuery } from "@tanstack/react-query";
import type { Order, OrderChangedResponse } from "../../../../contract/order";
import type { ShopSettings } from "../../../../contract/seller";
import { apiFetch } from "../../../lib/api-client";
import { orderKeys, productKeys, sellerKeys } from "../../../lib/query-keys";
import { toast } from "../../../ui/toast";

/**
 * Who takes the shop's online payments (PAYMENT_PROVIDER, from `GET /api/seller/shop`): read once
 * a visit; undefined until known.
 */
export function usePaymentProvider(): ShopSettings["paymentProvider"] {
  return useQuery({
    queryKey: sellerKeys.paymentProvider,
    queryFn: () => apiFetch<ShopSettings>("/api/seller/shop"),
    select: (shop) => shop.paymentProvider,
    // It changes only with the server's configuration.
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  }).data;
}

/**
 * `POST /api/order/payment-check` ("Check with Razorpay"): the server fetches the order's payment
 * link and applies what Razorpay says; its words are toasted, and `onChecked` gets the order as
 * it is now.
 */
export function useCheckPayment(onChecked: (order: Order) => void) {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<OrderChangedResponse>("/api/order/payment-check", { json: { orderId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      onChecked(answer.order);
    },
    // A paid order joins the queue, a cancelled one gives its stock back.
    meta: { invalidates: [orderKeys.all, productKeys.all, sellerKeys.dashboardAll] },
  });
}
