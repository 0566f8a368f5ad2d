import type { Order } from "../../../../contract/order";
import { thumbnail } from "../../../ui/images";
import { formatRupees } from "../../../../contract/money";

/** The ordered lines as they were bought: picture, name, weight, quantity, line price. */
export function OrderItems({ order }: { order: Order }) {
  return (
    <ul className="divide-y divide-gray-200" aria-label="Items">
      {order.items.map((item) => (
        <li key={item.product._id} className="flex items-center gap-3 py-3 sm:gap-4">
          <img
            src={thumbnail(item.product.image[0])}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="h-16 w-16 shrink-0 rounded bg-primary/10 object-contain p-1"
          />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-gray-800">{item.product.name}</p>
            <p className="text-sm text-gray-500">
              {item.product.weight ? `${item.product.weight} · ` : ""}
              {item.product.category}
            </p>
          </div>
          {/* On a phone the name keeps the room: the quantity and price take only theirs. */}
          <p className="shrink-0 text-sm">Qty: {item.quantity}</p>
          <p className="shrink-0 text-right text-sm font-medium text-primary sm:w-24">
            {formatRupees(item.product.offerPrice * item.quantity)}
          </p>
        </li>
      ))}
    </ul>
  );
}
