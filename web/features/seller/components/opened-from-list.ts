/**
 * The history state of an edit page opened from the product list's Edit link: its Save and Cancel
 * go Back to that list entry, which the app puts back where the seller left it (scroll-memory.ts),
 * rather than open the list anew at its top.
 */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

export function openedFromList(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    (state as Partial<typeof OPENED_FROM_LIST>).openedFromList === true
  );
}
