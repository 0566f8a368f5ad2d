import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from "../../contract/limits";
import { toast } from "../ui/toast";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../lib/query-client";
import { useSignIn } from "../lib/session-api";
import { useStore } from "../lib/store";

/**
 * Login and sign-up in one dialog (store-spec.md section 4): welcome toast, navigation after 800 ms
 * to the home page, except from the cart, where the shopper was about to order and stays.
 */
export function LoginModal() {
  const { setShowLogin, signedIn } = useStore();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [mode, setMode] = useState<"login" | "register">("login");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = useSignIn();
  const firstField = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  // Focus goes back where it was when the dialog closes.
  useEffect(() => {
    const before = document.activeElement;
    return () => {
      // The Login button it came from is gone once signed in: the page's main part then.
      if (before instanceof HTMLElement && before.isConnected) before.focus();
      else document.getElementById("main")?.focus();
    };
  }, []);

  // Tab and Shift+Tab stay inside the dialog while it is open.
  const trapFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = dialog.current.querySelectorAll<HTMLElement>(
      "input, button, select, a[href]",
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  // Focus that got out all the same (a click on the page behind, or Tab after the browser dropped
  // it on the page) is brought back in.
  useEffect(() => {
    const keepIn = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target))
        firstField.current?.focus();
    };
    document.addEventListener("focusin", keepIn);
    return () => document.removeEventListener("focusin", keepIn);
  }, []);

  useEffect(() => {
    firstField.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setShowLogin(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mode, setShowLogin]);

  // Set at once on submit (the mutation's own pending state shows a moment later).
  const sending = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    signIn.mutate(
      mode === "register" ? { mode, name, email, password } : { mode, email, password },
      {
        onSuccess: (user) => {
          signedIn(user);
          // A failed try's message goes once a try succeeds.
          toast.dismiss("login-error");
          toast.success(`Welcome back, ${user.name}!`);
          setShowLogin(false);
          // The spec's navigation after 800 ms: home, unless the shopper was shopping (a product,
          // a category, a search, the cart) or came for their orders (My Orders, an order's page,
          // a link to it), where they stay.
          const stay =
            pathname === "/cart" ||
            pathname.startsWith("/products") ||
            pathname === "/my-orders" ||
            pathname.startsWith("/my-orders/");
          const destination = stay ? pathname + search : "/";
          setTimeout(() => void navigate(destination, { replace: stay }), 800);
        },
        onError: (error) => toast.error(errorMessage(error), { id: "login-error" }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const field = "w-full rounded border border-gray-300 p-2 outline-primary";
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onClick={() => setShowLogin(false)}
    >
      <div
        ref={dialog}
        onKeyDown={trapFocus}
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-title"
        onClick={(e) => e.stopPropagation()}
        className="w-full max-w-sm"
      >
        <form
          onSubmit={(e) => void submit(e)}
          className="relative flex w-full flex-col gap-4 rounded-lg bg-white p-8 text-sm text-gray-600 shadow-xl"
        >
          <button
            type="button"
            onClick={() => setShowLogin(false)}
            aria-label="Close"
            className="absolute top-2 right-2 flex h-9 w-9 items-center justify-center rounded-full text-xl text-gray-500 hover:bg-gray-100"
          >
            ×
          </button>
          <h2 id="login-title" className="m-auto text-2xl font-medium">
            <span className="text-primary">User</span> {mode === "login" ? "Login" : "Sign Up"}
          </h2>
          {mode === "register" && (
            <label className="flex flex-col gap-1">
              Name
              <input
                ref={firstField}
                className={field}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                maxLength={MAX_LENGTH.personName}
                autoComplete="name"
                placeholder="type here"
              />
            </label>
          )}
          <label className="flex flex-col gap-1">
            Email
            <input
              ref={mode === "login" ? firstField : undefined}
              className={field}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoComplete="email"
              placeholder="type here"
            />
          </label>
          <label className="flex flex-col gap-1">
            Password
            <input
              className={field}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              minLength={mode === "register" ? MIN_PASSWORD_LENGTH : 1}
              maxLength={MAX_LENGTH.password}
              autoComplete={mode === "register" ? "new-password" : "current-password"}
              placeholder="type here"
            />
          </label>
          <p>
            {mode === "login" ? "Create an account? " : "Already have account? "}
            <button
              type="button"
              className="text-primary underline"
              onClick={() => setMode(mode === "login" ? "register" : "login")}
            >
              click here
            </button>
          </p>
          {/* Not `disabled` while signing in: the browser would drop the focus out of the dialog. */}
          <button
            type="submit"
            aria-disabled={signIn.isPending}
            className="w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull aria-disabled:cursor-wait aria-disabled:opacity-60 aria-disabled:hover:bg-primary"
          >
            {mode === "register" ? "Create Account" : "Login"}
          </button>
        </form>
      </div>
    </div>
  );
}
