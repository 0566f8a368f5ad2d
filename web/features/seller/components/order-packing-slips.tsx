import type { Order } from "../../../../contract/order";
import { orderNumber, paymentStatus } from "../../../ui/order-words";
import { shortRupees } from "./order-format";
import { shopFormat } from "./shop-time";

/**
 * One packing slip per order, each on its own printed page: what goes in the bag, for whom; its
 * times in `timeZone`, the shop's.
 */
export function OrderPackingSlips({ orders, timeZone }: { orders: Order[]; timeZone?: string }) {
  const { placed, clock } = shopFormat(timeZone);
  return (
    <div role="region" aria-label="Packing slips">
      {orders.map((order) => {
        const a = order.address;
        return (
          <article
            key={order._id}
            aria-label={`Packing slip ${orderNumber(order._id)}`}
            className="break-after-page p-6 text-black"
          >
            <header className="flex items-baseline justify-between border-b-2 border-black pb-2">
              <h2 className="text-2xl font-semibold">Order #{orderNumber(order._id)}</h2>
              <p className="text-sm">
                Placed {placed(order.createdAt)} · due {clock(order.deliverBy)}
              </p>
            </header>
            <table className="mt-4 w-full border-collapse text-left">
              <thead>
                <tr className="border-b border-black">
                  <th className="py-1 pr-2">Packed</th>
                  <th className="py-1 pr-2">Item</th>
                  <th className="py-1 pr-2">Weight</th>
                  <th className="py-1 text-right">Qty</th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={item.product._id} className="border-b border-gray-400">
                    <td className="py-2 pr-2" aria-hidden="true">
                      ☐
                    </td>
                    <td className="py-2 pr-2">{item.product.name}</td>
                    <td className="py-2 pr-2">{item.product.weight ?? ""}</td>
                    <td className="py-2 text-right font-semibold">{item.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="mt-6 grid grid-cols-2 gap-6">
              <address className="not-italic">
                <p className="font-semibold">
                  {a.firstName} {a.lastName}
                </p>
                <p>{a.street}</p>
                <p>
                  {a.city}, {a.state} {a.zipcode}
                </p>
                <p>{a.country}</p>
                <p>Phone: {a.phone}</p>
              </address>
              <p className="text-right">
                Total {shortRupees(order.amount)}
                <br />
                <strong>
                  {order.paymentType === "COD" && !order.isPaid
                    ? `Collect ${shortRupees(order.amount)} in cash`
                    : `${order.paymentType === "COD" ? "Cash" : "Online"} · ${paymentStatus(order)}`}
                </strong>
              </p>
            </div>
          </article>
        );
      })}
    </div>
  );
}
