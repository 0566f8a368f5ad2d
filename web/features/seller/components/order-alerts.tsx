import { useCallback, useEffect, useRef } from "react";
import { toast } from "../../../ui/toast";
import type { Order } from "../../../../contract/order";
import { openStatuses } from "../../../../contract/order-status";
import { orderNumber } from "../../../ui/order-words";
import { shortRupees } from "./order-format";
import { usePageTitle } from "../../../ui/page-title";
import { CartIcon } from "../../../ui/icons";

type AudioContextClass = typeof AudioContext;

/**
 * A short beep made with WebAudio. Browsers only allow sound after the person has interacted
 * with the page, so it stays silent until a pointerdown or keydown was seen.
 */
export function useBeep(): () => void {
  const interacted = useRef(false);
  const context = useRef<AudioContext | null>(null);
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener("pointerdown", mark);
    window.addEventListener("keydown", mark);
    return () => {
      window.removeEventListener("pointerdown", mark);
      window.removeEventListener("keydown", mark);
      void context.current?.close().catch(() => undefined);
      context.current = null;
    };
  }, []);
  return useCallback(() => {
    if (!interacted.current) return;
    const Audio = (window as unknown as { AudioContext?: AudioContextClass }).AudioContext;
    if (!Audio) return;
    try {
      const audio = (context.current ??= new Audio());
      if (audio.state === "suspended") void audio.resume().catch(() => undefined);
      const start = audio.currentTime;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.32);
    } catch {
      // No sound is better than a broken page.
    }
  }, []);
}

/**
 * Announces orders that appear in the seller's list after it first loaded (by the live stream or
 * a poll): a toast "New order #abcd1234 · ₹340" and a beep.
 */
export function useNewOrderAlerts(orders: Order[] | undefined) {
  const known = useRef<Set<string> | null>(null);
  const beep = useBeep();
  useEffect(() => {
    if (!orders) return;
    if (!known.current) {
      known.current = new Set(orders.map((o) => o._id));
      return;
    }
    let fresh = 0;
    for (const order of orders) {
      if (known.current.has(order._id)) continue;
      known.current.add(order._id);
      if (!openStatuses.includes(order.status)) continue;
      fresh += 1;
      toast(`New order #${orderNumber(order._id)} · ${shortRupees(order.amount)}`, {
        id: `new-order-${order._id}`,
        icon: <CartIcon size={14} />,
        duration: 8000,
      });
    }
    if (fresh > 0) beep();
  }, [orders, beep]);
}

/** The tab's title counts the open orders, "(3) Orders | GreenCart", once they are known. */
export function useOpenOrdersTitle(open: number | undefined) {
  usePageTitle(open === undefined ? undefined : open > 0 ? `(${open}) Orders` : "Orders");
}
