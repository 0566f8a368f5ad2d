import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Order } from "../../../contract/order";
import type { OrderStatus } from "../../../contract/order-status";
import type { Product, ProductListResponse, ProductUpdateInput } from "../../../contract/product";
import { apiFetch } from "../../app/api-client";

export const sellerLogin = (email: string, password: string) =>
  apiFetch<{ message: string }>("/api/seller/login", { json: { email, password } });
export const sellerLogout = () => apiFetch<{ message: string }>("/api/seller/logout");

/** All products, seller view: the same catalogue the storefront reads. */
export function useSellerProducts() {
  return useQuery({
    queryKey: ["products"],
    queryFn: () => apiFetch<ProductListResponse>("/api/product/list"),
    select: (b) => b.products,
  });
}

export function useSellerOrders() {
  return useQuery({
    queryKey: ["orders", "seller"],
    queryFn: () => apiFetch<{ orders: Order[] }>("/api/order/seller"),
    select: (b) => b.orders,
  });
}

function useInvalidating<T, A>(fn: (arg: A) => Promise<T>, keys: string[][]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useAddProduct = () =>
  useInvalidating(
    (form: FormData) =>
      apiFetch<{ message: string; product: Product }>("/api/product/add", {
        method: "POST",
        body: form,
      }),
    [["products"]],
  );
export const useToggleStock = () =>
  useInvalidating(
    (v: { id: string; inStock: boolean }) =>
      apiFetch<{ message: string }>("/api/product/stock", { json: v }),
    [["products"]],
  );
export const useUpdateProduct = () =>
  useInvalidating(
    (v: Omit<ProductUpdateInput, "category"> & { category?: string }) =>
      apiFetch<{ message: string }>("/api/product/update", { json: v }),
    [["products"]],
  );
export const useDeleteProduct = () =>
  useInvalidating(
    (id: string) => apiFetch<{ message: string }>("/api/product/delete", { json: { id } }),
    [["products"]],
  );
export const useMoveOrder = () =>
  useInvalidating(
    (v: { orderId: string; status: OrderStatus }) =>
      apiFetch<{ message: string }>("/api/order/status", { json: v }),
    [["orders"], ["products"]],
  );
