import type { OfficePlace } from "./location";

/** What the customer-service page shows: the platform and its support channels. */
export interface PlatformInfo {
  name: string;
  about: string;
  support: Array<{ type: string; label: string; value: string }>;
  hours: string;
  languages: string[];
  /** the company page links it to open-location; the server always sends it, a copy saved offline by an older app may lack it */
  office?: OfficePlace;
}

/** What the platform path answers, by path name (contract/paths.ts). */
export interface SupportAnswers {
  platformInfo: PlatformInfo;
}
