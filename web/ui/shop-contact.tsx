import { useShop, whatsAppUrl } from "../lib/shop-api";

/** "+919822000123" → "+91 98220 00123"; other numbers as they are. */
export function readablePhone(phone: string): string {
  const india = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return india ? `+91 ${india[1]} ${india[2]}` : phone;
}

/**
 * How the shopper reaches the shop: its phone as a call link and a WhatsApp chat
 * (`https://wa.me/<number>`); nothing while the shop is unknown or has no phone.
 */
export function ShopContact({ lead, className = "" }: { lead?: string; className?: string }) {
  const shop = useShop().data;
  if (!shop?.phone) return null;
  const link =
    "inline-flex min-h-11 items-center font-medium text-primary underline-offset-2 hover:underline";
  return (
    <p className={`flex flex-wrap items-center gap-x-3 ${className}`}>
      {lead && <span>{lead}</span>}
      <a href={`tel:${shop.phone}`} className={link}>
        Call {shop.name} at {readablePhone(shop.phone)}
      </a>
      <a href={whatsAppUrl(shop.phone)} target="_blank" rel="noopener noreferrer" className={link}>
        WhatsApp the shop
      </a>
    </p>
  );
}
