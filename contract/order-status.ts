/** Order states and the only legal moves between them (api-contract.md, "Orders"). */
export const orderStatuses = [
  "Awaiting Payment",
  "Order Placed",
  "Packing",
  "Out for Delivery",
  "Delivered",
  "Cancelled",
] as const;

export type OrderStatus = (typeof orderStatuses)[number];

export const paymentTypes = ["COD", "Online"] as const;
export type PaymentType = (typeof paymentTypes)[number];

/** Who moves an order: the seller, the shopper, the payment provider, or the store itself. */
export const orderActors = ["seller", "shopper", "payment", "system"] as const;
export type OrderActor = (typeof orderActors)[number];

/**
 * The one transition table (architecture.md rule 11): for each status, the statuses it may move
 * to and who may make each move. Every move, whoever makes it, is checked against this table.
 * - the payment provider confirms (`Order Placed`) or gives up on (`Cancelled`) an online order;
 *   the store cancels it itself when its stock hold lapses or the shopper starts a newer checkout,
 *   the shopper may give up on it (the checkouts they left unfinished), and so may the seller
 *   (a checkout holding stock they cannot sell);
 * - the seller runs fulfilment and may cancel until the order leaves the shop;
 * - the shopper may cancel an order the shop has not started on (paid online too: the money is
 *   then owed back).
 */
export const orderTransitions: Readonly<
  Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>>
> = {
  "Awaiting Payment": {
    "Order Placed": ["payment"],
    Cancelled: ["payment", "system", "shopper", "seller"],
  },
  "Order Placed": { Packing: ["seller"], Cancelled: ["seller", "shopper"] },
  Packing: { "Out for Delivery": ["seller"], Cancelled: ["seller"] },
  "Out for Delivery": { Delivered: ["seller"] },
  Delivered: {},
  Cancelled: {},
};

/**
 * Why an order was cancelled, as the seller says it (the shopper's own cancellation is
 * `shopper_asked`); the shopper reads it in a sentence (web/ui/order-words.ts, cancelledBecause).
 * `other` needs the seller's note, which is then what the shopper is told.
 */
export const cancelReasons = ["out_of_stock", "cannot_deliver", "shopper_asked", "other"] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** The longest note a seller may add to a cancellation. */
export const MAX_CANCEL_NOTE = 200;

export function canMove(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return orderTransitions[from][to]?.includes(actor) ?? false;
}

/** The moves `actor` may make from `from`, in the table's order. */
export function movesFor(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return (Object.keys(orderTransitions[from]) as OrderStatus[]).filter((to) =>
    canMove(from, to, actor),
  );
}

/** Moves a seller may make (the buttons of the seller's order list). */
export const sellerTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> =
  Object.fromEntries(orderStatuses.map((s) => [s, movesFor(s, "seller")])) as Record<
    OrderStatus,
    OrderStatus[]
  >;

export function canSellerMove(from: OrderStatus, to: OrderStatus): boolean {
  return canMove(from, to, "seller");
}

/** Orders still to be delivered: the seller's open queue. */
export const openStatuses: readonly OrderStatus[] = ["Order Placed", "Packing", "Out for Delivery"];

/**
 * What of an order says whether it is listed: an `Order` of the API, or the server's row (whose
 * status and payment type are its columns' text).
 */
export interface ListingFacts {
  /** An OrderStatus. */
  status: string;
  /** A PaymentType. */
  paymentType: string;
  isPaid: boolean;
  refundDue: boolean;
  refundedAt: string | Date | null;
}

/**
 * Whether an order is listed (the shopper's and the seller's lists, the shopper's live stream):
 * cash on delivery, and online orders once paid. An online order still waiting for payment, or
 * one that lapsed unpaid, is listed nowhere (the seller may ask for those waiting), unless money
 * arrived for it after it lapsed: then it is listed, cancelled, with its refund due, and later
 * refunded. The server's queries state the same rule in SQL (`visibleOrder`,
 * server/modules/orders/orders-service.ts).
 */
export function isListed(order: ListingFacts): boolean {
  if (order.status === "Awaiting Payment") return false;
  return (
    order.paymentType === "COD" || order.isPaid || order.refundDue || order.refundedAt !== null
  );
}

/** Statuses shown to shoppers and sellers; `Awaiting Payment` only on the seller's filter. */
export const visibleStatuses = orderStatuses.filter((s) => s !== "Awaiting Payment");

/** The delivery promise: an order is due this long after it was placed. */
export const deliveryPromiseMinutes = 30;
