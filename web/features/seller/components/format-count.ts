/**
 * 4,077 and 1,23,456: a count written with the shop's (Indian) digit grouping, as the seller's
 * pages write the numbers of orders and products.
 */
export const formatCount = (n: number): string => n.toLocaleString("en-IN");
