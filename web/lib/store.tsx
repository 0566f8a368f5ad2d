import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  useCallback,
  useContext,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { User } from "../../contract/user";
import { checkSawEverySave, fetchSession, type Session, useSignOut } from "./session-api";
import { forgetStoredCart } from "./stored-cart";
import { useCartKeeping, useCartState } from "./cart-state";
import { CartContext } from "./shown-cart";
import { addressKeys, orderKeys, sessionKey } from "./query-keys";
import { useSessionRecheck } from "./session-recheck";

/**
 * Who is signed in, whether they sell, and the login modal. Its value changes with those alone,
 * never with the cart: the cart reaches its readers through `lib/shown-cart.tsx`.
 */
interface Store {
  user: User | null;
  isSeller: boolean;
  sessionChecked: boolean;
  /**
   * Whether the cart shown is the shopper's: the session is known, or the cart this browser kept
   * is the one its answer will leave (lib/stored-cart.ts, keptCartStands).
   */
  cartKnown: boolean;
  showLogin: boolean;
  setShowLogin: (show: boolean) => void;
  signedIn: (user: User) => void;
  logout: () => Promise<void>;
  setSeller: (isSeller: boolean) => void;
}

const StoreContext = createContext<Store | null>(null);

/**
 * Session, seller flag, cart and the login modal: the app-wide state the spec describes. Read
 * with `useStore` (all but the cart) and the hooks of `lib/shown-cart.tsx` (the cart, which
 * `lib/cart-state.ts` makes and keeps). `serverDrawn`: the page is drawn by the server, or taken
 * over from it by the browser; both first renders must be exactly the same (docs/decisions/015).
 */
export function StoreProvider({
  children,
  serverDrawn = false,
}: {
  children: ReactNode;
  serverDrawn?: boolean;
}) {
  const queryClient = useQueryClient();
  const { mutateAsync: signOut } = useSignOut();
  const [user, setUser] = useState<User | null>(null);
  const [isSeller, setSeller] = useState(false);
  const cart = useCartState(serverDrawn);
  const [showLogin, setShowLogin] = useState(false);

  // Both flags are checked at startup; a 401 simply means "not logged in" (silent).
  const session = useQuery({
    queryKey: sessionKey,
    queryFn: fetchSession,
    staleTime: Infinity,
    // Only a failure that is not a 401 (offline, a restart) is retried; a failed check changes
    // nothing on screen, and needs no toast.
    retry: 2,
    meta: { silent: true },
  });

  // Whose session this tab shows, at once (state follows at the next render).
  const shown = useRef<string | undefined>(undefined);
  // Whether a check has answered at all (the first may fail: offline, a restart).
  const answered = useRef(false);
  const { signedIn: cartSignedIn, signedOut: cartSignedOut } = cart;
  const signedIn = useCallback(
    (next: User) => {
      shown.current = next._id;
      setUser(next);
      cartSignedIn(next);
    },
    [cartSignedIn],
  );
  // Signed out here: by this tab, another tab, or a session that ended (the saved cart stays on
  // the server, and this browser's record of it for the next sign-in).
  const signedOut = useCallback(() => {
    shown.current = undefined;
    setUser(null);
    cartSignedOut();
    queryClient.removeQueries({ queryKey: orderKeys.all });
    queryClient.removeQueries({ queryKey: orderKeys.olderAll });
    queryClient.removeQueries({ queryKey: addressKeys.all });
  }, [queryClient, cartSignedOut]);
  // This tab's own sign-in and sign-out are the session's answer too, so that a later check
  // which finds the session changed again (in another tab) differs from it.
  // A check under way was sent before the change: its answer must not undo it.
  const remember = useCallback(
    async (change: Partial<Session>) => {
      await queryClient.cancelQueries({ queryKey: sessionKey });
      queryClient.setQueryData<Session>(sessionKey, (s) => ({
        user: null,
        seller: false,
        ...s,
        ...change,
      }));
    },
    [queryClient],
  );
  const sellerShown = useRef(false);
  const { recheck, checkSent } = useSessionRecheck({ shown, sellerShown, answered });

  // "Checked" only once the answer is applied, so no page sees a logged-in shopper as a visitor.
  // Every later answer (a check after another tab signed in or out, or a refused call) is
  // applied too: another shopper, or none.
  const [sessionChecked, setSessionChecked] = useState(false);
  // The same, at once (listeners read it; the state follows at the next render).
  const checked = useRef(false);
  const { savedElsewhere, answered: cartAnswered } = cart;
  useEffect(() => {
    const answer = session.data;
    if (!answer && !session.isError) return;
    startTransition(() => {
      // A check that failed (offline) keeps what the tab shows; the first one leaves a visitor.
      if (answer && !session.isError) {
        answered.current = true;
        setSeller(answer.seller);
        const now = answer.user?._id;
        if (now !== shown.current) {
          if (shown.current) signedOut();
          if (answer.user) signedIn(answer.user);
        } else if (answer.user && checkSawEverySave(checkSent.current)) {
          savedElsewhere(answer.user.cartItems);
        }
      }
      cartAnswered(Boolean(shown.current));
      checked.current = true;
      setSessionChecked(true);
    });
  }, [session.data, session.isError, signedIn, signedOut, savedElsewhere, cartAnswered, checkSent]);

  // Listeners read refs, not state: an event arriving just after a change must not meet the
  // previous render's values.
  useEffect(() => {
    sellerShown.current = isSeller;
  });
  const cartValue = useCartKeeping(cart, { user, sessionChecked, shown, checked, recheck });

  const logout = useCallback(async () => {
    // Signed out here whatever the server said (the mutation cache shows a failure).
    await signOut().catch(() => undefined);
    await remember({ user: null });
    forgetStoredCart();
    signedOut();
  }, [remember, signedOut, signOut]);

  const value = useMemo<Store>(
    () => ({
      user,
      isSeller,
      sessionChecked,
      cartKnown: sessionChecked || cart.keptStands,
      showLogin,
      setShowLogin,
      signedIn: (next) => {
        void remember({ user: next });
        signedIn(next);
      },
      logout,
      setSeller: (seller) => {
        void remember({ seller });
        setSeller(seller);
      },
    }),
    [user, isSeller, sessionChecked, cart.keptStands, showLogin, signedIn, logout, remember],
  );
  return (
    <StoreContext.Provider value={value}>
      <CartContext.Provider value={cartValue}>{children}</CartContext.Provider>
    </StoreContext.Provider>
  );
}

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useStore outside StoreProvider");
  return store;
}
