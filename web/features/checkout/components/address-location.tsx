import type { LatLng } from "../../../../contract/delivery-area";
import { useMyLocation } from "../../../lib/use-my-location";

/**
 * The address's optional location: "Use my location" asks the browser for it (a shop that
 * delivers within a radius needs it), said in numbers once known; it can be taken off again.
 */
export function AddressLocation({
  location,
  onChange,
}: {
  location: LatLng | null;
  onChange: (location: LatLng | null) => void;
}) {
  const { locate, locating, problem } = useMyLocation(onChange);
  return (
    <fieldset className="pt-2">
      <legend className="font-medium">Location (optional)</legend>
      <p className="text-xs text-gray-500">
        Stand at this address and share your location, so that we can tell whether it is within our
        delivery area.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={locate}
          disabled={locating}
          className="min-h-11 rounded border border-primary px-4 text-primary hover:bg-primary/10 disabled:opacity-60"
        >
          {locating ? "Finding your location…" : "Use my location"}
        </button>
        {location && (
          <>
            <span data-testid="address-location">
              {location.lat}, {location.lng}
            </span>
            <button
              type="button"
              onClick={() => onChange(null)}
              className="min-h-11 px-2 text-red-700 hover:underline"
            >
              Remove location
            </button>
          </>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
