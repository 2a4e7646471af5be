/**
 * A named place for the spec's location pages (`/open-location`, `/choose-location`) and the company's office.
 * Coordinates are WGS 84 degrees, as the Geolocation API and map links use them.
 */
export interface Coords {
  lat: number;
  lng: number;
}

export interface Place {
  name: string;
  address: string;
  /** null for a place known only by its typed address: maps then search for the address */
  coords: Coords | null;
}

/** The company's office, shown on the company page: always with coordinates. */
export type OfficePlace = Place & { coords: Coords };

export const PLACE_TEXT_MAX = 200;

/** Six decimals is about 0.1 m: finer digits only make links longer. */
export const COORD_DECIMALS = 6;

/** A coordinate as typed or carried in an address: optional sign, up to 3 digits, up to 10 decimals. */
export const COORD_PATTERN = /^-?\d{1,3}(\.\d{1,10})?$/;

export const isLatitude = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
export const isLongitude = (value: number) => Number.isFinite(value) && value >= -180 && value <= 180;

export const roundCoord = (value: number) => Number(value.toFixed(COORD_DECIMALS));
