import { useCallback, useRef, useState } from "react";
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from "../../contract/field-lengths";
import { useStore } from "../lib/store";
import { useModalFocus } from "../ui/use-modal-focus";
import { useLoginSubmit } from "./use-login-submit";

/**
 * Login and sign-up in one dialog (store-spec.md section 4): welcome toast, navigation after 800 ms
 * to the home page, except from the cart, where the shopper was about to order and stays.
 */
export function LoginModal() {
  const { setShowLogin } = useStore();
  const [mode, setMode] = useState<"login" | "register">("login");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const firstField = useRef<HTMLInputElement>(null);
  const close = useCallback(() => setShowLogin(false), [setShowLogin]);
  const { dialog, trapFocus } = useModalFocus(firstField, close, mode);
  const { submit, pending } = useLoginSubmit(() =>
    mode === "register" ? { mode, name, email, password } : { mode, email, password },
  );

  // Every field and button at least 44 px tall, as a finger needs.
  const field = "min-h-11 w-full rounded border border-gray-300 px-3 py-2 outline-primary";
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onClick={close}
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
            onClick={close}
            aria-label="Close"
            className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-full text-xl text-gray-500 hover:bg-gray-100"
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
                placeholder="Asha Rao"
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
              placeholder="asha@example.com"
            />
          </label>
          <label className="flex flex-col gap-1">
            Password
            <input
              className={field}
              type="password"
              aria-describedby={mode === "register" ? "password-rule" : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              minLength={mode === "register" ? MIN_PASSWORD_LENGTH : 1}
              maxLength={MAX_LENGTH.password}
              autoComplete={mode === "register" ? "new-password" : "current-password"}
            />
          </label>
          {/* The rule before the first try, not only in the refusal after it. */}
          {mode === "register" && (
            <p id="password-rule" className="-mt-3 text-xs text-gray-500">
              At least {MIN_PASSWORD_LENGTH} characters
            </p>
          )}
          <p>
            {mode === "login" ? "Create an account? " : "Already have account? "}
            <button
              type="button"
              className="inline-flex min-h-11 items-center text-primary underline"
              onClick={() => setMode(mode === "login" ? "register" : "login")}
            >
              click here
            </button>
          </p>
          {/* Not `disabled` while signing in: the browser would drop the focus out of the dialog. */}
          <button
            type="submit"
            aria-disabled={pending}
            className="min-h-11 w-full rounded-md bg-primary py-2 text-white transition hover:bg-primary-dull aria-disabled:cursor-wait aria-disabled:opacity-60 aria-disabled:hover:bg-primary"
          >
            {mode === "register" ? "Create Account" : "Login"}
          </button>
        </form>
      </div>
    </div>
  );
}
