import { ShopTextField, type ShopSectionProps } from "./shop-field";

/** Where the shop delivers: PIN codes and/or a radius around its location. */
export function ShopAreaSection(props: ShopSectionProps) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-medium">Delivery area</legend>
      <p className="text-sm text-gray-600">
        Leave both blank to deliver anywhere. With both, an address must be in a listed PIN code and
        within the radius.
      </p>
      <ShopTextField
        {...props}
        name="pinCodes"
        label="PIN codes"
        hint="6-digit PIN codes, separated by commas, like 411001, 411005."
        inputMode="numeric"
      />
      <ShopTextField
        {...props}
        name="radiusKm"
        label="Radius (km)"
        hint="0.5 to 30 km around the shop's location."
        inputMode="decimal"
      />
    </fieldset>
  );
}

/** What delivery costs, in rupees: the cart shows each as its own line. */
export function ShopFeesSection(props: ShopSectionProps) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-medium">Fees</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <ShopTextField {...props} name="deliveryFee" label="Delivery fee (₹)" inputMode="decimal" />
        <ShopTextField
          {...props}
          name="freeAbove"
          label="Free delivery from (₹)"
          hint="Items worth this or more go free. Blank: never free."
          inputMode="decimal"
        />
        <ShopTextField
          {...props}
          name="minimumOrder"
          label="Minimum order (₹)"
          inputMode="decimal"
        />
        <ShopTextField
          {...props}
          name="smallCartFee"
          label="Small cart fee (₹)"
          inputMode="decimal"
        />
        <ShopTextField
          {...props}
          name="smallCartBelow"
          label="Small cart below (₹)"
          hint="The small cart fee is charged when items come to less than this."
          inputMode="decimal"
        />
      </div>
    </fieldset>
  );
}
