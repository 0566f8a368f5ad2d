import { rupeesToPaise } from "../../contract/money";
import type { CategoryKey } from "../../contract/categories";
import type { Executor } from "../db/database";
import type { AddressInput } from "../../contract/address";
import type { OrderStatus } from "../../contract/order-status";
import { orderItems, orders, products } from "../db/schema";
import { addressInput } from "./shop";

let counter = 0;

export interface ProductOverrides {
  name?: string;
  /** null: a product without a category. */
  category?: CategoryKey | null;
  price?: number;
  offerPrice?: number;
  stock?: number;
  inStock?: boolean;
  /** Switched off sale by the seller (then off sale whatever its stock). */
  switchedOff?: boolean;
  lowStockThreshold?: number;
  weight?: string | null;
  description?: string[];
  images?: string[];
  createdAt?: Date;
  deletedAt?: Date | null;
}

/** Inserts a product straight into the database; every field can be overridden. */
export async function insertProduct(db: Executor, overrides: ProductOverrides = {}) {
  counter++;
  const stock = overrides.stock ?? 50;
  // Off sale with stock: the seller switched it off (the database holds them together).
  const switchedOff =
    overrides.switchedOff ?? (overrides.inStock === false && stock > 0 && !overrides.deletedAt);
  const inStock = overrides.inStock ?? (stock > 0 && !switchedOff && !overrides.deletedAt);
  const [row] = await db
    .insert(products)
    .values({
      name: overrides.name ?? `Test Product ${counter}`,
      category: overrides.category === undefined ? "Vegetables" : overrides.category,
      pricePaise: rupeesToPaise(overrides.price ?? 50),
      offerPricePaise: rupeesToPaise(overrides.offerPrice ?? 45),
      stock,
      inStock,
      switchedOff,
      lowStockThreshold: overrides.lowStockThreshold, // undefined: the column's default
      weight: overrides.weight === undefined ? "500g" : overrides.weight,
      description: overrides.description ?? ["A test product."],
      images: overrides.images ?? ["/media/test-large.webp", "/media/test-thumb.webp"],
      createdAt: overrides.createdAt ?? new Date(Date.now() + counter),
      deletedAt: overrides.deletedAt ?? null,
    })
    .returning();
  if (!row) throw new Error("insertProduct: nothing inserted");
  return row;
}

export interface OrderOverrides {
  userId: string;
  items: {
    product: { id: string; name: string; category?: CategoryKey | null };
    quantity: number;
    unitPrice: number;
  }[];
  status?: OrderStatus;
  paymentType?: "COD" | "Online";
  isPaid?: boolean;
  placedAt?: Date | null;
  dispatchedAt?: Date | null;
  deliveredAt?: Date | null;
  deliverBy?: Date;
  createdAt?: Date;
  needsRefund?: boolean;
  address?: Partial<AddressInput>;
}

/** Inserts an order with its items straight into the database (for reports and exports). */
export async function insertOrder(db: Executor, o: OrderOverrides) {
  const placedAt = o.placedAt === undefined ? (o.createdAt ?? new Date()) : o.placedAt;
  const createdAt = o.createdAt ?? placedAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      userId: o.userId,
      address: {
        _id: "00000000-0000-0000-0000-000000000000",
        ...addressInput(),
        ...o.address,
      },
      amountPaise: o.items.reduce((sum, i) => sum + rupeesToPaise(i.unitPrice) * i.quantity, 0),
      itemsTotalPaise: o.items.reduce((sum, i) => sum + rupeesToPaise(i.unitPrice) * i.quantity, 0),
      paymentType: o.paymentType ?? "COD",
      status: o.status ?? "Order Placed",
      isPaid: o.isPaid ?? false,
      needsRefund: o.needsRefund ?? false,
      placedAt,
      dispatchedAt: o.dispatchedAt ?? null,
      deliveredAt: o.deliveredAt ?? null,
      deliverBy: o.deliverBy ?? new Date(createdAt.getTime() + 30 * 60_000),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(orderItems).values(
    o.items.map((i) => ({
      orderId: order!.id,
      productId: i.product.id,
      quantity: i.quantity,
      unitPricePaise: rupeesToPaise(i.unitPrice),
      product: {
        _id: i.product.id,
        name: i.product.name,
        category: i.product.category === undefined ? "Vegetables" : i.product.category,
        image: [],
        price: i.unitPrice,
        offerPrice: i.unitPrice,
      },
    })),
  );
  return order!;
}
