import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address, AddressInput } from "../../../contract/address";
import type { PlaceOrderInput } from "../../../contract/order";
import { apiFetch } from "../../lib/api-client";

export function useAddresses(enabled: boolean) {
  return useQuery({
    queryKey: ["addresses"],
    queryFn: () => apiFetch<{ addresses: Address[] }>("/api/address/get"),
    select: (body) => body.addresses,
    enabled,
  });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressInput) =>
      apiFetch<{ message: string; address: Address }>("/api/address/add", { json: { address } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["addresses"] }),
  });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id: string; address: AddressInput }) =>
      apiFetch<{ message: string; address: Address }>("/api/address/update", {
        json: { id, address },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["addresses"] }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>("/api/address/delete", { json: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["addresses"] }),
  });
}

/** Cash on delivery: `{ message }`; online: `{ url }` of the provider's hosted page. */
function placeOrder(kind: "cod" | "online", input: PlaceOrderInput, idempotencyKey: string) {
  return apiFetch<{ message?: string; url?: string }>(
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
    mutationFn: () =>
      apiFetch<{ message: string; cancelled: number }>("/api/order/unpaid/cancel", { json: {} }),
  });
}

/** One checkout attempt; a retry of the same cart reuses its Idempotency-Key. */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: (v: { kind: "cod" | "online"; input: PlaceOrderInput; idempotencyKey: string }) =>
      placeOrder(v.kind, v.input, v.idempotencyKey),
  });
}
