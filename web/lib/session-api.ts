import { useMutation } from "@tanstack/react-query";
import type { CartItems, User } from "../../contract/user";
import { toast } from "../ui/toast";
import { apiFetch } from "./api-client";

/**
 * The session calls: who is signed in (shopper, seller), sign in, register, sign out, and the
 * saved cart. The store (store.tsx) and the login dialog use these; nothing else calls them.
 */
export interface Session {
  user: User | null;
  seller: boolean;
}

/**
 * Both flags at once. A 401 means "not signed in"; any other failure (offline, a server
 * restarting) says nothing about the session, and fails the check instead.
 */
export async function fetchSession(): Promise<Session> {
  const answers = await Promise.allSettled([
    apiFetch<{ user: User }>("/api/user/is-auth"),
    apiFetch<{ success: boolean }>("/api/seller/is-auth"),
  ]);
  for (const a of answers)
    if (a.status === "rejected" && (a.reason as { status?: number }).status !== 401) throw a.reason;
  const [user, seller] = answers;
  return {
    user: user.status === "fulfilled" ? user.value.user : null,
    seller: seller.status === "fulfilled",
  };
}

export type SignIn =
  | { mode: "login"; email: string; password: string }
  | { mode: "register"; name: string; email: string; password: string };

export async function signIn({ mode, ...body }: SignIn): Promise<User> {
  return (await apiFetch<{ user: User }>(`/api/user/${mode}`, { json: body })).user;
}

export function signOut() {
  return apiFetch<{ message: string }>("/api/user/logout");
}

let savesUnanswered = 0;
let lastSaveAnswered = 0;

export async function saveCart(cartItems: CartItems) {
  savesUnanswered++;
  try {
    return await apiFetch<{ message: string }>("/api/cart/update", { json: { cartItems } });
  } finally {
    savesUnanswered--;
    lastSaveAnswered = Date.now();
  }
}

/** Whether a session check sent at `sentAt` saw every cart this tab saved (none was under way). */
export function checkSawEverySave(sentAt: number): boolean {
  return savesUnanswered === 0 && sentAt > lastSaveAnswered;
}

/** Log in or register. Quiet in the mutation cache: the dialog keeps one error toast of its own. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { silent: true } });
}

/** Signing out; the server's answer ("Logged Out") is shown, as the spec's other answers are. */
export function useSignOut() {
  return useMutation({ mutationFn: signOut, onSuccess: (answer) => toast.success(answer.message) });
}

/** Saves the cart on the server (the store calls it, debounced, after every change). */
export function useSaveCart() {
  return useMutation({ mutationFn: saveCart });
}
