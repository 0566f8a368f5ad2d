import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The cart page's frame: its layout, heading and the placeholders it shows while its products
 * load. Small and free of the page's logic, so the router can show it while the page's own chunk
 * is on its way (a cart opened from its address on a cold cache), and the page shows the same
 * boxes once it runs: nothing moves between the two.
 */

/** A cart row, and the box of its picture: CartLine and CartLineSkeleton have the same. */
export const ROW = "flex gap-3 border-t border-gray-200 py-3 text-sm md:gap-5 md:text-base";
export const PICTURE_BOX = "h-16 w-16 shrink-0 rounded md:h-24 md:w-24";

/** The cart's frame, the same while its products load and once they are there. */
export function CartLayout({
  heading,
  summary,
  children,
}: {
  heading: ReactNode;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mt-10 flex flex-col gap-10 pb-24 md:flex-row md:pb-0">
      <section className="max-w-4xl flex-1">
        {heading}
        {children}
        <Link
          to="/products"
          className="mt-8 inline-flex min-h-11 items-center gap-2 font-medium text-primary-dull"
        >
          ← Continue Shopping
        </Link>
      </section>
      {summary}
    </div>
  );
}

/** The heading, with the cart's units counted as the navbar's badge counts them ("6 Items"). */
export function CartHeading({ count }: { count: number }) {
  return (
    <h1 className="mb-6 text-3xl font-medium">
      Shopping Cart{" "}
      <span className="text-sm text-primary-dull">
        {count} {count === 1 ? "Item" : "Items"}
      </span>
    </h1>
  );
}

/** A line while its product loads: the same boxes as CartLine, so the page does not move. */
export function CartLineSkeleton() {
  const bar = "animate-pulse rounded bg-gray-100";
  return (
    <li aria-hidden="true" className={ROW}>
      <div className={`${PICTURE_BOX} ${bar}`} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className={`w-32 ${bar}`}>&nbsp;</p>
            <p className={`mt-0.5 w-20 ${bar}`}>&nbsp;</p>
          </div>
          <p className={`w-16 ${bar}`}>&nbsp;</p>
        </div>
        <div className={`mt-2 h-11 w-44 ${bar}`} />
      </div>
    </li>
  );
}

/** The summary's box while the cart's products load (its height is about the summary's). */
export function OrderSummarySkeleton() {
  return (
    <aside
      aria-hidden="true"
      className="h-[420px] w-full animate-pulse border border-gray-300/70 bg-gray-100/40 md:max-w-[360px]"
    />
  );
}

/** A placeholder for each line of the cart while its products load. */
export function CartLinesLoading({ ids }: { ids: string[] }) {
  return (
    <ul aria-busy="true" aria-label="Loading cart">
      {ids.map((id) => (
        <CartLineSkeleton key={id} />
      ))}
    </ul>
  );
}

/**
 * The cart of these products before the page can show them: heading with the count of units, a
 * placeholder a line, the summary's box. (The page itself renders the same parts in its own
 * CartLayout, so that its heading stays the same element when the lines arrive.)
 */
export function CartLoading({ ids, count }: { ids: string[]; count: number }) {
  return (
    <CartLayout heading={<CartHeading count={count} />} summary={<OrderSummarySkeleton />}>
      <CartLinesLoading ids={ids} />
    </CartLayout>
  );
}
