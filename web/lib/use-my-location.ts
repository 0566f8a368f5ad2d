import { useState } from "react";

export interface Located {
  lat: number;
  lng: number;
}

/** Why the browser gave no location, in words for the person who asked. */
export function locationProblem(code: number | "unavailable"): string {
  if (code === 1)
    return "Location was not shared. Allow location for this site in the browser, or type the latitude and longitude.";
  if (code === "unavailable")
    return "This browser cannot share a location. Type the latitude and longitude instead.";
  if (code === 3) return "Finding your location took too long. Try again, or type it.";
  return "Your location could not be found. Try again, or type the latitude and longitude.";
}

/** Six decimals: about 10 cm, more than a phone's GPS knows. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * "Use my location": asks the browser (navigator.geolocation) once per press; `onFound` gets the
 * place, and `problem` says why there is none (refused, unavailable, too slow).
 */
export function useMyLocation(onFound: (place: Located) => void) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string>();
  const locate = () => {
    setProblem(undefined);
    const geolocation = typeof navigator === "undefined" ? undefined : navigator.geolocation;
    if (!geolocation) return setProblem(locationProblem("unavailable"));
    setLocating(true);
    geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onFound({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) });
      },
      (error) => {
        setLocating(false);
        setProblem(locationProblem(error.code));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return { locate, locating, problem };
}
