/** The store's fixed category list (store-spec.md section 2, home category grid). */
export const categoryKeys = [
  "Vegetables",
  "Fruits",
  "Drinks",
  "Instant",
  "Dairy",
  "Bakery",
  "Grains",
] as const;

export type CategoryKey = (typeof categoryKeys)[number];

export interface Category {
  path: CategoryKey;
  text: string;
  /** Fixed background colour of the category tile. */
  bgColor: string;
  /** Image served by the store under /media/. */
  image: string;
}

export const categories: readonly Category[] = [
  {
    path: "Vegetables",
    text: "Organic veggies",
    bgColor: "#FEF6DA",
    image: "/media/category-vegetables.webp",
  },
  {
    path: "Fruits",
    text: "Fresh Fruits",
    bgColor: "#FEE0E0",
    image: "/media/category-fruits.webp",
  },
  { path: "Drinks", text: "Cold Drinks", bgColor: "#F0F5DE", image: "/media/category-drinks.webp" },
  {
    path: "Instant",
    text: "Instant Food",
    bgColor: "#E1F5EC",
    image: "/media/category-instant.webp",
  },
  {
    path: "Dairy",
    text: "Dairy Products",
    bgColor: "#FEE6CD",
    image: "/media/category-dairy.webp",
  },
  {
    path: "Bakery",
    text: "Bakery & Breads",
    bgColor: "#E0F6FE",
    image: "/media/category-bakery.webp",
  },
  {
    path: "Grains",
    text: "Grains & Cereals",
    bgColor: "#F1E3F9",
    image: "/media/category-grains.webp",
  },
];

/** Finds a category by its key, ignoring case (URLs use lower case). */
export function findCategory(key: string): Category | undefined {
  const wanted = key.toLowerCase();
  return categories.find((c) => c.path.toLowerCase() === wanted);
}
