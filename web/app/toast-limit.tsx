import { useEffect } from "react";
import toast, { useToasterStore } from "react-hot-toast";

export const MAX_TOASTS = 20;

/** react-hot-toast has no cap of its own: dismiss the oldest beyond 20 (store-spec.md section 9). */
export function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_TOASTS)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}
