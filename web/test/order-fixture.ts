import type { Order } from "../../contract/order";
import type { Product } from "../../contract/product";

export const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };

/** An order as the API lists it, placed 2026-11-22 10:00 UTC and due at 10:30. */
export function makeOrder(id: string, overrides: Partial<Order> = {}): Order {
  return {
    _id: id,
    items: [
      {
        product: {
          _id: "p1",
          name: "Basmati Rice",
          category: "Grains",
          image: ["/media/rice-large.webp"],
          price: 190,
          offerPrice: 170,
          weight: "1 kg",
        },
        quantity: 2,
      },
    ],
    itemsTotal: 340,
    fees: { delivery: 0, smallCart: 0 },
    amount: 340,
    paymentType: "Online",
    status: "Order Placed",
    isPaid: true,
    refundDue: false,
    address: {
      _id: "a1",
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      street: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      zipcode: "560001",
      country: "India",
      phone: "9876543210",
    },
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
    deliverBy: "2026-11-22T10:30:00.000Z",
    deliveredAt: null,
    refundedAt: null,
    paymentId: null,
    paymentMethod: null,
    cancelReason: null,
    history: [{ status: "Order Placed", at: "2026-11-22T10:00:00.000Z" }],
    ...overrides,
  };
}

export function makeProduct(id: string, overrides: Partial<Product> = {}): Product {
  return {
    _id: id,
    name: `Product ${id}`,
    category: "Grains",
    price: 190,
    offerPrice: 165,
    image: [`/media/${id}-large.webp`],
    description: ["Good"],
    inStock: true,
    stock: 20,
    lowStockThreshold: 5,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}
