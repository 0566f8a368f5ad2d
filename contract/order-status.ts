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

/** Moves a seller may make. `Awaiting Payment` is left only by the payment flow. */
export const sellerTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  "Awaiting Payment": [],
  "Order Placed": ["Packing", "Cancelled"],
  Packing: ["Out for Delivery", "Cancelled"],
  "Out for Delivery": ["Delivered"],
  Delivered: [],
  Cancelled: [],
};

export function canSellerMove(from: OrderStatus, to: OrderStatus): boolean {
  return sellerTransitions[from].includes(to);
}

/** Statuses shown to shoppers and sellers; `Awaiting Payment` is listed nowhere. */
export const visibleStatuses = orderStatuses.filter((s) => s !== "Awaiting Payment");

/** The delivery promise: an order is due this long after it was placed. */
export const deliveryPromiseMinutes = 30;
