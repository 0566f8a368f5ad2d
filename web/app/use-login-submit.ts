import { useRef, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../lib/query-client";
import { useSignIn, type SignIn } from "../lib/session-api";
import { useStore } from "../lib/store";
import { toast } from "../ui/toast";

/**
 * The login dialog's submit (store-spec.md section 4): signs in or up with what `form()` answers,
 * says welcome, closes the dialog and, 800 ms later, goes home, except where the shopper was
 * shopping or came for their orders. A failed try's message is one toast, gone once a try works.
 */
export function useLoginSubmit(form: () => SignIn) {
  const { setShowLogin, signedIn } = useStore();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signIn = useSignIn();
  // Set at once on submit (the mutation's own pending state shows a moment later).
  const sending = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    signIn.mutate(form(), {
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
    });
  };
  return { submit, pending: signIn.isPending };
}
