import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AddressChangedResponse,
  AddressInput,
  AddressListResponse,
} from "../../../contract/address";
import type { MessageResponse } from "../../../contract/common";
import type {
  CheckoutStartedResponse,
  OrderPlacedResponse,
  PlaceOrderInput,
  UnpaidCancelledResponse,
} from "../../../contract/order";
import { ApiError, apiFetch } from "../../lib/api-client";
import { addressKeys, orderKeys, shopKeys } from "../../lib/query-keys";
import { useCartActions } from "../../lib/shown-cart";
import { toast } from "../../ui/toast";
import { forgetRetryKey, retryAnswered } from "./retry-keys";

export function useAddresses(enabled: boolean) {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: () => apiFetch<AddressListResponse>("/api/address/get"),
    select: (body) => body.addresses,
    enabled,
  });
}

/**
 * Saves a new address; a retry of the same address sends the same Idempotency-Key (one address:
 * retry-keys.ts), let go once it is saved.
 */
export function useAddAddress() {
  return useMutation({
    mutationFn: ({ address, idempotencyKey }: { address: AddressInput; idempotencyKey: string }) =>
      apiFetch<AddressChangedResponse>("/api/address/add", {
        json: { address },
        headers: { "idempotency-key": idempotencyKey },
      }),
    onSuccess: (_answer, { idempotencyKey }) => forgetRetryKey("address", idempotencyKey),
    meta: { invalidates: [addressKeys.all] },
  });
}

export function useUpdateAddress() {
  return useMutation({
    mutationFn: ({ id, address }: { id: string; address: AddressInput }) =>
      apiFetch<AddressChangedResponse>("/api/address/update", {
        json: { id, address },
      }),
    meta: { invalidates: [addressKeys.all] },
  });
}

export function useDeleteAddress() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageResponse>("/api/address/delete", { json: { id } }),
    meta: { invalidates: [addressKeys.all] },
  });
}

/** Cash on delivery: `{ message }`; online: `{ url }` of the provider's hosted page. */
function placeOrder(kind: "cod" | "online", input: PlaceOrderInput, idempotencyKey: string) {
  return apiFetch<OrderPlacedResponse | CheckoutStartedResponse>(
    kind === "cod" ? "/api/order/cod" : "/api/order/stripe",
    {
      json: input,
      headers: { "idempotency-key": idempotencyKey },
    },
  );
}

/**
 * Gives up the shopper's unfinished online payments (their stock returns), so that a new one can
 * start: offered when the server refuses a third (409 with `unpaidCheckouts`).
 */
export function useCancelUnpaid() {
  return useMutation({
    mutationFn: () => apiFetch<UnpaidCancelledResponse>("/api/order/unpaid/cancel", { json: {} }),
  });
}

/**
 * One press of Place Order (a retry of the same checkout sends the same Idempotency-Key:
 * retry-keys.ts). What follows a placed order is done here rather than by the cart page, so it
 * is done even when the answer comes after the shopper left the page: the key is let go, and a
 * cash order takes its lines out of the cart (lines added meanwhile stay), says so, and shows in
 * My Orders.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const { setQuantities } = useCartActions();
  return useMutation({
    mutationFn: (v: { kind: "cod" | "online"; input: PlaceOrderInput; idempotencyKey: string }) =>
      placeOrder(v.kind, v.input, v.idempotencyKey),
    // Refused (the server answered): an empty cart later has no order to wonder about.
    onError: (error, { idempotencyKey }) => {
      if (!(error instanceof ApiError && error.code === "network"))
        retryAnswered("checkout", idempotencyKey);
    },
    onSuccess: (answer, { kind, input, idempotencyKey }) => {
      forgetRetryKey("checkout", idempotencyKey);
      // Online, the cart stays until the payment is made (the page goes to the payment page).
      if (kind === "online") return;
      setQuantities((cart) =>
        Object.fromEntries(
          input.items.map((item) => [item.product, (cart[item.product] ?? 0) - item.quantity]),
        ),
      );
      toast.success("message" in answer ? answer.message : "Order Placed Successfully");
      // Only a cash order, and without waiting for the lists (the page moves on at once): so said
      // here rather than declared in `meta`.
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    // Refused (a total or a fee changed, an address outside the area, below the minimum): the
    // cart is priced again, so that it shows what an order would now cost, and why not.
    meta: { invalidatesOnError: [shopKeys.quotes] },
  });
}
