import { endpoints } from "./endpoints";
import {
  opsConsoleEndpoints,
  opsContentEndpoints,
  opsEndpoints,
  opsFinanceEndpoints,
  opsMineEndpoints,
  opsMoneyEndpoints,
  opsProductEndpoints,
} from "./ops";

/**
 * Every endpoint, customer's and operator's, in one table: OpenAPI, the fuzz test and the operator CLI read
 * it, so none of them keeps its own list of paths.
 */
export const allEndpoints = {
  ...endpoints,
  ...opsEndpoints,
  ...opsProductEndpoints,
  ...opsMoneyEndpoints,
  ...opsMineEndpoints,
  ...opsContentEndpoints,
  ...opsFinanceEndpoints,
  ...opsConsoleEndpoints,
};

export type EndpointName = keyof typeof allEndpoints;
