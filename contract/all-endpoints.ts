import { endpoints } from "./endpoints";
import { opsEndpoints } from "./ops";
import { opsStreamEndpoints } from "./ops-stream-endpoints";
import { supportDeskEndpoints } from "./support-desk-endpoints";

/**
 * Every endpoint, customer's and operator's, in one table: OpenAPI, the fuzz test and the operator CLI read
 * it, so none of them keeps its own list of paths.
 */
export const allEndpoints = {
  ...endpoints,
  ...opsEndpoints,
  ...opsStreamEndpoints,
  ...supportDeskEndpoints,
};

export type EndpointName = keyof typeof allEndpoints;
