import { endpoints } from "./endpoints";
import { opsEndpoints } from "./ops";

/**
 * Every endpoint, customer's and operator's, in one table: OpenAPI, the fuzz test and the operator CLI read
 * it, so none of them keeps its own list of paths.
 */
export const allEndpoints = {
  ...endpoints,
  ...opsEndpoints,
};

export type EndpointName = keyof typeof allEndpoints;
