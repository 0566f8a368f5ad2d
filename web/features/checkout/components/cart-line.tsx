import { Link } from "react-router";
import { productPagePath } from "../../../../contract/catalogue-urls";
import type { Product } from "../../../../contract/product";
import { quantityOptions } from "../../../lib/cart-rules";
import { thumbnail } from "../../../ui/images";
import { formatRupees } from "../../../../contract/money";
import { PICTURE_BOX, ROW } from "./cart-frame";

/**
 * One product of the cart on one row, phone first: picture, name and weight, a −/+ stepper
 * (the spec's quantity dropdown stays beside it), the line total, and Remove (the whole line).
 */
export function CartLine({
  product,
  quantity,
  onQuantity,
  onRemoveOne,
  onRemove,
}: {
  product: Product;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemoveOne: () => void;
  /** The whole line. */
  onRemove: () => void;
}) {
  const href = productPagePath(product);
  return (
    <li className={ROW}>
      <Link
        to={href}
        className={`flex items-center justify-center overflow-hidden border border-gray-300 ${PICTURE_BOX}`}
      >
        <img
          src={thumbnail(product.image[0])}
          alt={product.name}
          width={96}
          height={96}
          className="h-full w-full object-contain"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-semibold text-gray-800">{product.name}</p>
            <p className="text-gray-500">Weight: {product.weight ?? "N/A"}</p>
          </div>
          <p className="shrink-0 font-medium text-gray-800">
            <span className="sr-only">Subtotal </span>
            {formatRupees(product.offerPrice * quantity)}
          </p>
        </div>
        {!product.inStock ? (
          <p className="text-red-600">Out of stock: remove it to order.</p>
        ) : (
          quantity > product.stock && (
            <p className="text-red-600">Only {product.stock} left: lower the quantity to order.</p>
          )
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <div
            role="group"
            aria-label={`Quantity of ${product.name}: ${quantity}`}
            className="flex items-center rounded border border-gray-300"
          >
            <button
              type="button"
              onClick={onRemoveOne}
              aria-label={`Remove one ${product.name}`}
              className="flex h-11 w-11 items-center justify-center text-lg hover:bg-gray-100"
            >
              −
            </button>
            <select
              aria-label={`Quantity of ${product.name}`}
              value={quantity}
              onChange={(e) => onQuantity(Number(e.target.value))}
              className="h-11 border-x border-gray-300 bg-white px-2 text-center outline-none focus-visible:ring-2 focus-visible:ring-primary"
            >
              {quantityOptions(quantity, product.stock).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => onQuantity(quantity + 1)}
              disabled={!product.inStock || quantity >= product.stock}
              aria-label={`Add one more ${product.name}`}
              className="flex h-11 w-11 items-center justify-center text-lg hover:bg-gray-100 disabled:opacity-40"
            >
              +
            </button>
          </div>
          <button
            type="button"
            onClick={onRemove}
            className="min-h-11 rounded px-2 text-red-600 hover:bg-red-50"
            aria-label={`Remove ${product.name} from cart`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
