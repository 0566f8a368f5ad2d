import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from "react";
import type { CartItems, User } from "../../contract/user";
import { toast } from "../ui/toast";
import { addOne, cartText, removeOne, setQuantity, withoutUnknown } from "./cart-rules";
import { useProductsByIds } from "./catalogue-api";
import { holdsSession, useSaveCart } from "./session-api";
import { type CartAccess, shownCart } from "./shown-cart";
import {
  CART_KEY,
  cartAfterSignIn,
  keptCartStands,
  readStoredCart,
  writeStoredCart,
} from "./stored-cart";

/**
 * The store's cart (lib/store.tsx holds the session and composes the two): React state made from
 * what this browser kept, the session's answers and the shopper's changes (`useCartState`), kept
 * in local storage, in step with this browser's other tabs and saved on the server
 * (`useCartKeeping`). Its readers reach it through lib/shown-cart.tsx.
 */

const SAVE_DELAY_MS = 400;

/** A change the shopper makes to the cart, from the cart it is made on. */
type CartChange = (cart: CartItems) => CartItems;

/**
 * The cart, and what the session's answers do to it. `serverDrawn`: the page is drawn by the
 * server, or taken over from it by the browser; both first renders must be exactly the same
 * (docs/decisions/015).
 */
export function useCartState(serverDrawn: boolean) {
  // The kept cart is there from the first render, except when taking over a page the server drew
  // for a visitor with an empty cart: then it follows as a transition, as does the session's
  // answer (lib/store.tsx), which React applies once it has taken the server's HTML over (an
  // urgent update would make it throw that HTML away and draw the page again from its skeleton).
  const [cart, setCart] = useState<CartItems>(() => (serverDrawn ? {} : readStoredCart().items));
  // Whether that cart is already the one the session's answer will leave (keptCartStands), so
  // that its count, and the changes made meanwhile, can be shown as the shopper's before it comes.
  const [keptStands, setKeptStands] = useState(
    () => !serverDrawn && keptCartStands(readStoredCart(), holdsSession("user")),
  );
  useEffect(() => {
    if (!serverDrawn) return;
    const kept = readStoredCart();
    startTransition(() => {
      if (Object.keys(kept.items).length > 0) setCart(kept.items);
      setKeptStands(keptCartStands(kept, holdsSession("user")));
    });
    // Only when the app starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The cart on screen: for the components that show it, and for actions and listeners set up once.
  const [drawn] = useState(() => shownCart(cart));
  useLayoutEffect(() => drawn.show(cart), [drawn, cart]);

  // The cart last known to be on the server, so an unchanged cart is not sent again.
  const lastSaved = useRef<string>("");
  // The cart last taken from another tab, not to be written back to local storage.
  const followed = useRef<string | null>(null);
  // The shopper's changes to the cart while the first check is on its way (Add is enabled
  // meanwhile). The cart its answer brings is made from the saved one and this browser's record,
  // which has not got them: they are made again on it, under the same rules.
  const changesBeforeCheck = useRef<CartChange[]>([]);
  const withChangesBeforeCheck = useCallback((base: CartItems) => {
    const changes = changesBeforeCheck.current;
    changesBeforeCheck.current = [];
    return changes.reduce((cart, change) => change(cart), base);
  }, []);

  /** A shopper signed in here: the cart is theirs, from the saved one and this browser's record. */
  const signedIn = useCallback(
    (next: User) => {
      // The cart is this shopper's now, to be kept as theirs even if it reads as a followed one.
      followed.current = null;
      lastSaved.current = cartText(next.cartItems);
      setCart(withChangesBeforeCheck(cartAfterSignIn(next._id, next.cartItems, readStoredCart())));
    },
    [withChangesBeforeCheck],
  );
  /** Signed out here (the saved cart stays on the server, and this browser's record of it). */
  const signedOut = useCallback(() => {
    followed.current = null;
    lastSaved.current = "";
    // A visitor's cart another tab keeps already (it learnt first) is this tab's too: an empty
    // one written here would empty it there.
    const stored = readStoredCart();
    setCart(stored.owner === null ? stored.items : {});
  }, []);
  /**
   * The same shopper, whose session's answer saw every save of this tab: a cart saved since from
   * another device is taken, unless this tab has a change of its own not yet saved (that change,
   * saved, wins).
   */
  const savedElsewhere = useCallback(
    (items: CartItems) => {
      const saved = cartText(items);
      if (saved !== lastSaved.current && cartText(drawn.get()) === lastSaved.current) {
        lastSaved.current = saved;
        setCart(items);
      }
    },
    [drawn],
  );
  /** Any answer of the session's check, once applied; `signedIn` whether someone is. */
  const answered = useCallback(
    (signedIn: boolean) => {
      // Nobody signed in (or not known: offline): a shopper's kept cart is theirs, shown again
      // when they sign in, not a visitor's to merge into it then a second time.
      if (!signedIn && readStoredCart().owner) setCart(withChangesBeforeCheck({}));
      // Any other answer leaves the cart the changes were made on.
      changesBeforeCheck.current = [];
    },
    [withChangesBeforeCheck],
  );

  return {
    cart,
    keptStands,
    setCart,
    drawn,
    lastSaved,
    followed,
    changesBeforeCheck,
    signedIn,
    signedOut,
    savedElsewhere,
    answered,
  };
}

/** What the cart's keeping needs to know of the session (lib/store.tsx). */
interface SessionState {
  /** The shopper signed in, as drawn. */
  user: User | null;
  /** Whether the session is known, as drawn. */
  sessionChecked: boolean;
  /** Whose session this tab shows, and whether it is known, at once (for listeners and actions). */
  shown: RefObject<string | undefined>;
  checked: RefObject<boolean>;
  /** Asks again whose session it is. */
  recheck: () => void;
}

/**
 * Keeps the cart in local storage, follows the changes other tabs make to it, drops products that
 * no longer exist and saves a shopper's cart on the server; gives the cart's readers and actions.
 */
export function useCartKeeping(
  {
    cart,
    setCart,
    drawn,
    lastSaved,
    followed,
    changesBeforeCheck,
  }: ReturnType<typeof useCartState>,
  { user, sessionChecked, shown, checked, recheck }: SessionState,
): CartAccess {
  const { mutate: save } = useSaveCart();

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
  }, [cart, user, sessionChecked, followed, lastSaved]);

  // Another tab of this browser changed the cart (an item added on a product page while the cart
  // is open here): this tab follows at once, so that its next change does not save over that one.
  // It does not write the cart back (that tab's record, saved or not, stays as it is), and takes
  // it as saved only if that tab says so. Listeners read refs, not state: an event arriving just
  // after a change must not meet the previous render's values.
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
  }, [recheck, drawn, checked, shown, followed, lastSaved, setCart]);

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
  }, [cartChecked, cartProducts.data, cart, setCart]);
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
  }, [cart, user, cartCheckable, save, lastSaved]);

  // Readers and actions of the cart: one value whatever the cart holds, so that a cart change
  // changes no context (lib/shown-cart.tsx).
  return useMemo<CartAccess>(() => {
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
  }, [drawn, checked, changesBeforeCheck, setCart]);
}
