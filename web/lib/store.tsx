import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  useCallback,
  useContext,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { toast } from "../ui/toast";
import { OLDER_ORDERS_KEY } from "./paged-order-keys";
import type { CartItems, User } from "../../contract/user";
import { onSessionRefused } from "./api-client";
import {
  checkSawEverySave,
  fetchSession,
  type Session,
  useSaveCart,
  useSignOut,
} from "./session-api";
import { addOne, cartText, removeOne, setQuantity, withoutUnknown } from "./cart-rules";
import {
  CART_KEY,
  cartAfterSignIn,
  forgetStoredCart,
  readStoredCart,
  writeStoredCart,
} from "./stored-cart";
import { useProductsByIds } from "./catalogue-api";
import { CartContext, type CartAccess, shownCart } from "./shown-cart";

const SAVE_DELAY_MS = 400;

/** A change the shopper makes to the cart, from the cart it is made on. */
type CartChange = (cart: CartItems) => CartItems;

/**
 * Who is signed in, whether they sell, and the login modal. Its value changes with those alone,
 * never with the cart: the cart reaches its readers through `lib/shown-cart.tsx`.
 */
interface Store {
  user: User | null;
  isSeller: boolean;
  sessionChecked: boolean;
  showLogin: boolean;
  setShowLogin: (show: boolean) => void;
  signedIn: (user: User) => void;
  logout: () => Promise<void>;
  setSeller: (isSeller: boolean) => void;
}

const StoreContext = createContext<Store | null>(null);

/**
 * Session, seller flag, cart and the login modal: the app-wide state the spec describes. Read
 * with `useStore` (all but the cart) and the hooks of `lib/shown-cart.tsx` (the cart).
 * `serverDrawn`: the page is drawn by the server, or taken over from it by the browser; both first
 * renders must be exactly the same (docs/decisions/015).
 */
export function StoreProvider({
  children,
  serverDrawn = false,
}: {
  children: ReactNode;
  serverDrawn?: boolean;
}) {
  const queryClient = useQueryClient();
  const { mutate: save } = useSaveCart();
  const { mutateAsync: signOut } = useSignOut();
  const [user, setUser] = useState<User | null>(null);
  const [isSeller, setSeller] = useState(false);
  // The kept cart is there from the first render, except when taking over a page the server drew
  // for a visitor with an empty cart: then it follows as a transition, as does the session's
  // answer below, which React applies once it has taken the server's HTML over (an urgent update
  // would make it throw that HTML away and draw the page again from its skeleton).
  const [cart, setCart] = useState<CartItems>(() => (serverDrawn ? {} : readStoredCart().items));
  useEffect(() => {
    if (!serverDrawn) return;
    const kept = readStoredCart().items;
    if (Object.keys(kept).length > 0) startTransition(() => setCart(kept));
    // Only when the app starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [showLogin, setShowLogin] = useState(false);
  // The cart on screen: for the components that show it, and for actions and listeners set up once.
  const [drawn] = useState(() => shownCart(cart));
  useLayoutEffect(() => drawn.show(cart), [drawn, cart]);

  // Both flags are checked at startup; a 401 simply means "not logged in" (silent).
  const session = useQuery({
    queryKey: ["session"],
    queryFn: fetchSession,
    staleTime: Infinity,
    // Only a failure that is not a 401 (offline, a restart) is retried; a failed check changes
    // nothing on screen, and needs no toast.
    retry: 2,
    meta: { silent: true },
  });

  // The cart last known to be on the server, so an unchanged cart is not sent again.
  const lastSaved = useRef<string>("");
  // The cart last taken from another tab, not to be written back to local storage.
  const followed = useRef<string | null>(null);
  // Whose session this tab shows, at once (state follows at the next render).
  const shown = useRef<string | undefined>(undefined);
  // Whether a check has answered at all (the first may fail: offline, a restart).
  const answered = useRef(false);
  // The shopper's changes to the cart while the first check is on its way (Add is enabled
  // meanwhile). The cart its answer brings is made from the saved one and this browser's record,
  // which has not got them: they are made again on it, under the same rules.
  const changesBeforeCheck = useRef<CartChange[]>([]);
  const withChangesBeforeCheck = useCallback((base: CartItems) => {
    const changes = changesBeforeCheck.current;
    changesBeforeCheck.current = [];
    return changes.reduce((cart, change) => change(cart), base);
  }, []);
  const signedIn = useCallback(
    (next: User) => {
      shown.current = next._id;
      // The cart is this shopper's now, to be kept as theirs even if it reads as a followed one.
      followed.current = null;
      lastSaved.current = cartText(next.cartItems);
      setUser(next);
      setCart(withChangesBeforeCheck(cartAfterSignIn(next._id, next.cartItems, readStoredCart())));
    },
    [withChangesBeforeCheck],
  );
  // Signed out here: by this tab, another tab, or a session that ended (the saved cart stays on
  // the server, and this browser's record of it for the next sign-in).
  const signedOut = useCallback(() => {
    shown.current = undefined;
    followed.current = null;
    lastSaved.current = "";
    setUser(null);
    // A visitor's cart another tab keeps already (it learnt first) is this tab's too: an empty
    // one written here would empty it there.
    const stored = readStoredCart();
    setCart(stored.owner === null ? stored.items : {});
    queryClient.removeQueries({ queryKey: ["orders"] });
    queryClient.removeQueries({ queryKey: OLDER_ORDERS_KEY });
    queryClient.removeQueries({ queryKey: ["addresses"] });
  }, [queryClient]);
  // This tab's own sign-in and sign-out are the session's answer too, so that a later check
  // which finds the session changed again (in another tab) differs from it.
  // A check under way was sent before the change: its answer must not undo it.
  const remember = useCallback(
    async (change: Partial<Session>) => {
      await queryClient.cancelQueries({ queryKey: ["session"] });
      queryClient.setQueryData<Session>(["session"], (s) => ({
        user: null,
        seller: false,
        ...s,
        ...change,
      }));
    },
    [queryClient],
  );
  // When this tab last asked again whose session it is (another tab, a refused call, a return).
  const checkSent = useRef(0);
  const recheck = useCallback(() => {
    checkSent.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: ["session"] });
  }, [queryClient]);
  // A call refused for want of a session: it ended (expired, or signed out elsewhere).
  const sellerShown = useRef(false);
  useEffect(
    () =>
      onSessionRefused(() => {
        recheck();
        return Boolean(shown.current) || sellerShown.current;
      }),
    [recheck],
  );
  // Back to this tab: the session may have ended, and the cart changed on another device.
  useEffect(() => {
    const back = () => {
      // A visitor's tab too while no check has answered yet (the first failed: offline).
      if (
        document.visibilityState === "visible" &&
        (shown.current || sellerShown.current || !answered.current)
      )
        recheck();
    };
    document.addEventListener("visibilitychange", back);
    return () => document.removeEventListener("visibilitychange", back);
  }, [recheck]);

  // "Checked" only once the answer is applied, so no page sees a logged-in shopper as a visitor.
  // Every later answer (a check after another tab signed in or out, or a refused call) is
  // applied too: another shopper, or none.
  const [sessionChecked, setSessionChecked] = useState(false);
  // The same, at once (listeners read it; the state follows at the next render).
  const checked = useRef(false);
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
          // The same shopper: a cart saved since from another device is taken, unless this tab
          // has a change of its own not yet saved (that change, saved, wins).
          const saved = cartText(answer.user.cartItems);
          if (saved !== lastSaved.current && cartText(drawn.get()) === lastSaved.current) {
            lastSaved.current = saved;
            setCart(answer.user.cartItems);
          }
        }
      }
      // Nobody signed in (or not known: offline): a shopper's kept cart is theirs, shown again
      // when they sign in, not a visitor's to merge into it then a second time.
      if (!shown.current && readStoredCart().owner) setCart(withChangesBeforeCheck({}));
      // Any other answer leaves the cart the changes were made on.
      changesBeforeCheck.current = [];
      checked.current = true;
      setSessionChecked(true);
    });
  }, [session.data, session.isError, signedIn, signedOut, drawn, withChangesBeforeCheck]);

  // Every cart change is kept in local storage too, marked with whose it is and whether the
  // server has it yet (see stored-cart.ts). Not before the session is known: until then the
  // stored cart may belong to the shopper about to be recognised.
  useEffect(() => {
    if (!sessionChecked) return;
    // A cart followed from another tab is already stored as that tab left it (saved or not).
    if (followed.current === JSON.stringify(cart)) return;
    followed.current = null;
    // An empty visitor's cart does not replace a shopper's record: a session that ended keeps
    // its unsaved changes for the next sign-in.
    if (!user && Object.keys(cart).length === 0 && readStoredCart().owner) return;
    writeStoredCart({
      owner: user?._id ?? null,
      items: cart,
      unsaved: Boolean(user) && cartText(cart) !== lastSaved.current,
    });
  }, [cart, user, sessionChecked]);

  // Another tab of this browser changed the cart (an item added on a product page while the cart
  // is open here): this tab follows at once, so that its next change does not save over that one.
  // It does not write the cart back (that tab's record, saved or not, stays as it is), and takes
  // it as saved only if that tab says so. Listeners read refs, not state: an event arriving just
  // after a change must not meet the previous render's values.
  useEffect(() => {
    sellerShown.current = isSeller;
  });
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== CART_KEY || !checked.current) return;
      const stored = readStoredCart();
      // Another shopper's cart, or none where this tab's shopper had one: that tab signed in or
      // out, so this one asks whose session it is now.
      if (stored.owner !== (shown.current ?? null)) return recheck();
      const items = JSON.stringify(stored.items);
      if (items === JSON.stringify(drawn.get())) return;
      followed.current = items;
      if (shown.current && !stored.unsaved) lastSaved.current = cartText(stored.items);
      setCart(stored.items);
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [recheck, drawn]);

  // Products that no longer exist leave the cart, wherever the shopper is (the server refuses to
  // save a cart naming them). The catalogue is the one the storefront pages share.
  const cartIds = Object.keys(cart);
  const cartProducts = useProductsByIds(cartIds);
  // Only an answer for exactly this cart can tell what is unknown (a kept previous answer does
  // not know a product added since).
  const cartChecked = cartProducts.isSuccess && !cartProducts.isPlaceholderData;
  useEffect(() => {
    if (!cartChecked || !cartProducts.data) return;
    const kept = withoutUnknown(cart, new Set(cartProducts.data.map((p) => p._id)));
    if (Object.keys(kept).length !== Object.keys(cart).length) setCart(kept);
  }, [cartChecked, cartProducts.data, cart]);
  const cartCheckable = cartIds.length === 0 || cartChecked;

  // Whenever the cart changes and a user exists it is saved (debounced: the last state wins).
  useEffect(() => {
    if (!user || !cartCheckable) return;
    const body = cartText(cart);
    if (body === lastSaved.current) return;
    const timer = setTimeout(() => {
      lastSaved.current = body;
      save(cart, {
        onSuccess: () => {
          if (lastSaved.current === body)
            writeStoredCart({ owner: user._id, items: cart, unsaved: false });
        },
        // The mutation cache says why; the next change tries again.
        onError: () => {
          lastSaved.current = "";
        },
      });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cart, user, cartCheckable, save]);

  const logout = useCallback(async () => {
    // Signed out here whatever the server said (the mutation cache shows a failure).
    await signOut().catch(() => undefined);
    await remember({ user: null });
    forgetStoredCart();
    signedOut();
  }, [remember, signedOut, signOut]);

  // Readers and actions of the cart: one value whatever the cart holds, so that a cart change
  // changes no context (lib/shown-cart.tsx).
  const cartValue = useMemo<CartAccess>(() => {
    const change = (step: CartChange) => {
      if (!checked.current) changesBeforeCheck.current.push(step);
      setCart(step);
    };
    return {
      get: drawn.get,
      subscribe: drawn.subscribe,
      addToCart: (product) => {
        if ((drawn.get()[product._id] ?? 0) >= product.stock)
          return void toast.error(
            product.stock === 0
              ? `Sorry, ${product.name} is out of stock.`
              : `Only ${product.stock} of ${product.name} left, all in your cart.`,
            { id: `stock-${product._id}` },
          );
        change((c) => addOne(c, product._id, product.stock));
        toast.success("Added to Cart");
      },
      updateCart: (id, quantity) => {
        change((c) => setQuantity(c, id, quantity));
        toast.success("Cart Updated");
      },
      setQuantities: (quantities) =>
        change((c) =>
          Object.entries(typeof quantities === "function" ? quantities(c) : quantities).reduce(
            (next, [id, q]) => setQuantity(next, id, q),
            c,
          ),
        ),
      removeFromCart: (id) => {
        change((c) => removeOne(c, id));
        toast.success("Removed from Cart");
      },
      clearCart: () => change(() => ({})),
    };
  }, [drawn]);

  const value = useMemo<Store>(
    () => ({
      user,
      isSeller,
      sessionChecked,
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
    [user, isSeller, sessionChecked, showLogin, signedIn, logout, remember],
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
