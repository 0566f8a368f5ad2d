import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "../../../../contract/common";
import { apiFetch } from "../../../lib/api-client";

/** The seller's login and logout (`/api/seller/...`); whose session it is lives in lib/store.tsx. */

const sellerLogin = (email: string, password: string) =>
  apiFetch<MessageResponse>("/api/seller/login", { json: { email, password } });
/** With POST: a GET logout is refused when another site sends it. */
const sellerLogout = () => apiFetch<MessageResponse>("/api/seller/logout", { method: "POST" });

/** Quiet in the mutation cache: the login form keeps one error toast of its own. */
export const useSellerLogin = () =>
  useMutation({
    mutationFn: (v: { email: string; password: string }) => sellerLogin(v.email, v.password),
    meta: { silent: true },
  });
export const useSellerLogout = () => useMutation({ mutationFn: sellerLogout });
