import { formatRupees } from "../../contract/money";

/**
 * The offer price with the MRP struck through, read as one phrase by screen readers
 * ("Price ₹35.00, was ₹40.00") instead of two unexplained amounts.
 */
export function Price({
  offerPrice,
  price,
  className = "",
}: {
  offerPrice: number;
  price: number;
  className?: string;
}) {
  const discounted = price > offerPrice;
  return (
    <p className={className}>
      <span className="sr-only">
        Price {formatRupees(offerPrice)}
        {discounted ? `, was ${formatRupees(price)}` : ""}
      </span>
      <span aria-hidden="true">
        <span>{formatRupees(offerPrice)}</span>
        {discounted && (
          <>
            {" "}
            <s className="text-xs text-gray-500">{formatRupees(price)}</s>
          </>
        )}
      </span>
    </p>
  );
}
