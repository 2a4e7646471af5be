/** What the customer-service page shows: the platform and its support channels. */

export interface PlatformInfo {
  name: string;
  about: string;
  support: Array<{ type: string; label: string; value: string }>;
  hours: string;
  languages: string[];
}
