import { useMyLocation } from "../../../lib/use-my-location";
import { ShopTextField, type ShopSectionProps } from "./shop-field";

/** Who the shop is: name, phone, address, where it stands, its registrations and time zone. */
export function ShopProfileSection(props: ShopSectionProps) {
  const { form, onChange } = props;
  const { locate, locating, problem } = useMyLocation((place) =>
    onChange({ ...form, lat: String(place.lat), lng: String(place.lng) }),
  );
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-medium">Profile</legend>
      <ShopTextField {...props} name="name" label="Shop name" autoComplete="organization" />
      <ShopTextField
        {...props}
        name="phone"
        label="Phone"
        type="tel"
        hint="Shoppers call or WhatsApp this number."
        placeholder="98220 00123"
      />
      <ShopTextField {...props} name="address" label="Address" />
      <div className="grid gap-4 sm:grid-cols-2">
        <ShopTextField {...props} name="lat" label="Latitude" inputMode="decimal" />
        <ShopTextField {...props} name="lng" label="Longitude" inputMode="decimal" />
      </div>
      <div>
        <button
          type="button"
          onClick={locate}
          disabled={locating}
          className="min-h-11 rounded border border-primary px-4 text-primary hover:bg-primary/10 disabled:opacity-60"
        >
          {locating ? "Finding your location…" : "Use my location"}
        </button>
        {problem && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
      <ShopTextField
        {...props}
        name="fssaiNumber"
        label="FSSAI number"
        inputMode="numeric"
        hint="14 digits. Leave blank if you have none yet."
      />
      <ShopTextField
        {...props}
        name="gstin"
        label="GSTIN"
        hint="15 characters, like 27AAGCG1234K1ZN. Leave blank if not registered."
      />
      <ShopTextField {...props} name="upiId" label="UPI id" hint="Like greencart@okaxis" />
      <ShopTextField
        {...props}
        name="timeZone"
        label="Time zone"
        hint="Opening hours and the day's reports count in it, like Asia/Kolkata."
      />
    </fieldset>
  );
}
