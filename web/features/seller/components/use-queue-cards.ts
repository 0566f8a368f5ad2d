import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../../contract/order";
import type { Filter } from "./seller-order-filters";

/**
 * Cards a long queue draws at once (a phone's screen and more, four desktop columns of six rows);
 * the rest follow in a render React does in short slices, so that opening a queue of 500 is not
 * one long task (decision 026).
 */
export const FIRST_CARDS = 24;

/**
 * The orders of `filter` to draw now, of `shown` (`loaded` once its list has come). A long list
 * comes in two renders: its first cards now, all of them a moment later; so does a list another
 * filter brings. Once a filter's list has been drawn whole, every card is drawn at every render:
 * a card still in the list is never taken out for a moment (it would lose its focus and a move on
 * its way), and an order that comes in is drawn at once.
 */
export function useCardsInSlices(filter: Filter, shown: Order[], loaded: boolean): Order[] {
  const deferredFilter = useDeferredValue(filter);
  const deferredCount = useDeferredValue(shown.length, Math.min(shown.length, FIRST_CARDS));
  // (Not while the list is on its way: its orders would all come at once then.)
  const caughtUp = loaded && deferredFilter === filter && deferredCount >= shown.length;
  const [wholeFor, setWholeFor] = useState<Filter | null>(null);
  useEffect(() => {
    if (caughtUp) setWholeFor(filter);
  }, [caughtUp, filter]);
  const upTo =
    wholeFor === filter || caughtUp
      ? shown.length
      : deferredFilter === filter
        ? Math.max(FIRST_CARDS, deferredCount)
        : FIRST_CARDS;
  return shown.length > upTo ? shown.slice(0, upTo) : shown;
}

/**
 * A card that left the list (its order moved on) while holding the focus: the focus goes to the
 * card now in its place (or the last one), on its first action, or else to the heading. `drawn`:
 * the orders as drawn at this render.
 */
export function useFocusStaysInQueue(drawn: Order[]) {
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusLostAt = useRef<number | null>(null);
  // The orders as last drawn: a card leaving runs its cleanup before this is updated, so it finds
  // its place in the list it leaves. The cards get one callback for good (they are memoised).
  const drawnIds = useRef<string[]>([]);
  useLayoutEffect(() => {
    drawnIds.current = drawn.map((order) => order._id);
  });
  const onLeaveWithFocus = useCallback((orderId: string) => {
    focusLostAt.current = drawnIds.current.indexOf(orderId);
  }, []);
  useLayoutEffect(() => {
    const at = focusLostAt.current;
    if (at === null) return;
    focusLostAt.current = null;
    const cards = list.current?.querySelectorAll(":scope > li") ?? [];
    const next = cards[Math.min(at, cards.length - 1)]?.querySelector<HTMLElement>("button");
    (next ?? heading.current)?.focus();
  });
  return { heading, list, onLeaveWithFocus };
}
