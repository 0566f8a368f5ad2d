import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, SuccessResponse } from "../../contract/common";
import type { CartItems, User, UserResponse } from "../../contract/user";
import { toast } from "../ui/toast";
import { sessionHintCookie, type SessionKind } from "../../contract/session-hints";
import { apiFetch, type ApiError } from "./api-client";

/**
 * The session calls: who is signed in (shopper, seller), sign in, register, sign out, and the
 * saved cart. The store (store.tsx, cart-state.ts) and the login dialog use these; nothing else
 * calls them.
 */
export interface Session {
  user: User | null;
  seller: boolean;
}

/** Whether the browser holds the readable hint of such a session (it may have ended since). */
export const holdsSession = (kind: SessionKind) =>
  `; ${document.cookie}`.includes(`; ${sessionHintCookie(kind)}=`);

/**
 * Both flags at once. A 401 means "not signed in"; any other failure (offline, a server
 * restarting) says nothing about the session, and fails the check instead. A session whose
 * readable hint the browser does not hold (contract/session-hints.ts) is not asked about: the
 * answer would be that 401, logged in the console of every visitor's page.
 */
export async function fetchSession(): Promise<Session> {
  const ask = async <T>(kind: SessionKind): Promise<T | undefined> => {
    if (!holdsSession(kind)) return;
    try {
      return await apiFetch<T>(`/api/${kind}/is-auth`);
    } catch (error) {
      if ((error as ApiError).status !== 401) throw error;
    }
  };
  const [user, seller] = await Promise.all([
    ask<UserResponse>("user"),
    ask<SuccessResponse>("seller"),
  ]);
  return { user: user?.user ?? null, seller: Boolean(seller) };
}

export type SignIn =
  | { mode: "login"; email: string; password: string }
  | { mode: "register"; name: string; email: string; password: string };

export async function signIn({ mode, ...body }: SignIn): Promise<User> {
  return (await apiFetch<UserResponse>(`/api/user/${mode}`, { json: body })).user;
}

/** With POST: a GET logout is refused when another site sends it (a link cannot sign anyone out). */
export function signOut() {
  return apiFetch<MessageResponse>("/api/user/logout", { method: "POST" });
}

let savesUnanswered = 0;
let lastSaveAnswered = 0;

export async function saveCart(cartItems: CartItems) {
  savesUnanswered++;
  try {
    return await apiFetch<MessageResponse>("/api/cart/update", { json: { cartItems } });
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

/**
 * Saves the cart on the server (the store calls it, debounced, after every change). Offline, the
 * save waits for the connection and then goes (unlike the app's other writes, which say at once
 * that the store cannot be reached): the cart is the shopper's own, and the last save wins.
 */
export function useSaveCart() {
  return useMutation({ mutationFn: saveCart, networkMode: "online" });
}
