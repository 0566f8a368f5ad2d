import { useEffect, useState, type FormEvent } from "react";
import { PIN_CODE_PATTERN } from "../../../../contract/indian-ids";
import { errorMessage } from "../../../lib/query-client";
import { useAppReadyOnceHydrated } from "../../../ui/app-ready";
import { closedWords, deliveryWords, useDeliveryCheck, useShop } from "../../../lib/shop-api";

/** The PIN code the shopper last checked, checked again on each visit. */
export const PIN_KEY = "greencart.pin";

function storedPin(): string | null {
  try {
    const pin = localStorage.getItem(PIN_KEY);
    return pin && PIN_CODE_PATTERN.test(pin) ? pin : null;
  } catch {
    return null;
  }
}

/**
 * "Deliver to": the shopper types a PIN code and learns whether the shop delivers there and what
 * delivery costs, in the server's words when it does not; the PIN is kept in this browser and
 * checked again on the next visit. While the shop is closed it also says when it opens.
 */
export function DeliverTo() {
  const [pin, setPin] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  // The PIN kept in this browser, read once drawn (the server, which may draw this, knows none).
  useEffect(() => {
    const kept = storedPin();
    if (kept === null) return;
    setPin(kept);
    setTyped(kept);
  }, []);
  const [mistake, setMistake] = useState<string>();
  const check = useDeliveryCheck(pin);
  const shop = useShop();
  // Not before the app runs the page (decision 015): a PIN typed then would be lost. Below a
  // lazy boundary: the server may have drawn it (disabled), so its first render matches that.
  const ready = useAppReadyOnceHydrated();
  const closed = shop.data ? closedWords(shop.data, Date.now()) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    if (!PIN_CODE_PATTERN.test(next)) {
      setMistake("Enter a 6-digit PIN code, like 411001.");
      return;
    }
    setMistake(undefined);
    setPin(next);
    try {
      localStorage.setItem(PIN_KEY, next);
    } catch {
      // Private mode: checked now, not remembered.
    }
  };

  const answer =
    mistake ??
    (pin === null
      ? undefined
      : check.isPending
        ? "Checking…"
        : check.isError
          ? errorMessage(check.error)
          : deliveryWords(pin, check.data));
  const refused = Boolean(mistake) || check.data?.serviceable === false || check.isError;
  return (
    <section aria-label="Delivery" className="mb-4 min-h-11 text-sm">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-2">
        <label htmlFor="deliver-to-pin" className="font-medium text-gray-800">
          Deliver to
        </label>
        <input
          id="deliver-to-pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="411001"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={Boolean(mistake)}
          aria-describedby="deliver-to-answer"
          disabled={!ready}
          className="min-h-11 w-28 rounded border border-gray-300 px-3 outline-none focus:border-primary"
        />
        <button
          type="submit"
          disabled={!ready}
          className="min-h-11 rounded border border-primary px-4 font-medium text-primary hover:bg-primary/10"
        >
          Check
        </button>
        <p
          id="deliver-to-answer"
          role="status"
          className={refused ? "text-red-700" : "text-primary-dull"}
        >
          {answer}
        </p>
      </form>
      {closed && <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-amber-900">{closed}</p>}
    </section>
  );
}
