import { COORD_PATTERN, type Coords, isLatitude, isLongitude, type Place, PLACE_TEXT_MAX, roundCoord } from "#contract/location";

/**
 * A place as it travels in an address: `?name=…&address=…&lat=…&lng=…`. The router hands over what the
 * address held, JSON-parsed where it could (`lat=22.28` arrives as a number, `name=123` too), so every field is
 * checked here, and a bad one becomes a problem the page explains, never a thrown error.
 */
export interface PlaceSearch {
  name?: string;
  address?: string;
  lat?: number | string;
  lng?: number | string;
}

export type PlaceProblem = "missing" | "coordinates" | "text";
export type ParsedPlace = { place: Place } | { problem: PlaceProblem };

const PLACE_KEYS = ["name", "address", "lat", "lng"] as const;

/** The route's `validateSearch`: keeps the place's fields as the address gave them, as text or number. */
export function placeSearch(search: Record<string, unknown>): PlaceSearch {
  const kept: PlaceSearch = {};
  for (const key of PLACE_KEYS) {
    const value = search[key];
    if (value === undefined || value === null) continue;
    if (typeof value === "number" && (key === "lat" || key === "lng")) kept[key] = value;
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") kept[key] = String(value);
    // anything else (a repeated key, an object) was there but is unusable: a control character marks it so
    else kept[key] = "\u0000";
  }
  return kept;
}

function coordinate(value: number | string | undefined, inRange: (n: number) => boolean): number | null {
  if (value === undefined) return null;
  const number = typeof value === "number" ? value : COORD_PATTERN.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return inRange(number) ? roundCoord(number) : null;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const hasControl = (value: string) => /[\u0000-\u001f]/.test(value);

function text(value: string | undefined): string | null {
  const trimmed = (value ?? "").trim();
  // a control character (the marker above included) is never part of a name or an address
  return trimmed.length > PLACE_TEXT_MAX || hasControl(trimmed) ? null : trimmed;
}

/** A place to show: coordinates (both, in range) or at least an address to search for. */
export function parsePlace(search: PlaceSearch): ParsedPlace {
  const name = text(search.name);
  const address = text(search.address);
  if (name === null || address === null) return { problem: "text" };
  const given = search.lat !== undefined || search.lng !== undefined;
  if (given) {
    const lat = coordinate(search.lat, isLatitude);
    const lng = coordinate(search.lng, isLongitude);
    if (lat === null || lng === null) return { problem: "coordinates" };
    return { place: { name, address, coords: { lat, lng } } };
  }
  return address ? { place: { name, address, coords: null } } : { problem: "missing" };
}

/** The search a link to open-location carries: numbers stay numbers, so the address reads `lat=22.281`. */
export function toPlaceSearch(place: Place): PlaceSearch {
  return {
    ...(place.name ? { name: place.name } : {}),
    ...(place.address ? { address: place.address } : {}),
    ...(place.coords ? { lat: place.coords.lat, lng: place.coords.lng } : {}),
  };
}

const latLng = ({ lat, lng }: Coords) => `${lat},${lng}`;

/**
 * RFC 5870 `geo:` URI, which phones hand to their maps app; `q` adds the label Android's maps show. Without
 * coordinates, `geo:0,0?q=<address>` asks the maps app to search for the address.
 */
export function geoLink(place: Place): string {
  if (!place.coords) return `geo:0,0?q=${encodeURIComponent(place.address)}`;
  const label = place.name || place.address;
  return `geo:${latLng(place.coords)}?q=${latLng(place.coords)}${label ? encodeURIComponent(`(${label})`) : ""}`;
}

/** The same place on openstreetmap.org, for a device with no maps app: a marker at zoom 16, or an address search. */
export function mapLink(place: Place): string {
  if (!place.coords) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.address)}`;
  const { lat, lng } = place.coords;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/** Coordinates as shown and copied: "latitude, longitude" in decimal degrees, the form maps apps accept in search. */
export const coordsText = ({ lat, lng }: Coords) => `${lat}, ${lng}`;

/** What "copy" puts on the clipboard: one line each for name, address and coordinates, those it has. */
export function placeText(place: Place): string {
  return [place.name, place.address, place.coords ? coordsText(place.coords) : ""].filter(Boolean).join("\n");
}

const APP_ORIGIN = "https://app.invalid";

/**
 * `returnTo` as a path of this app (`/pages/…?x=1`), or null: an absolute URL, a protocol-relative `//host`, a
 * backslash trick or anything that resolves elsewhere is refused, so the picker never sends a place off-app.
 */
export function sameAppPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\") || hasControl(value))
    return null;
  if (value.length > 500) return null;
  const url = new URL(value, APP_ORIGIN);
  return url.origin === APP_ORIGIN ? `${url.pathname}${url.search}` : null;
}

/** The caller's path with the chosen place in its search, replacing any place it carried before. */
export function returnHref(path: string, place: Place): string {
  const url = new URL(path, APP_ORIGIN);
  for (const key of PLACE_KEYS) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(toPlaceSearch(place))) url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`;
}
