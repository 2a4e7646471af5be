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
import { opsProductNameEndpoints } from "./schemas/localized-texts";

/**
 * Every endpoint, customer's and operator's, in one table: OpenAPI, the fuzz test and the operator CLI read
 * it, so none of them keeps its own list of paths.
 */
export const allEndpoints = {
  ...endpoints,
  ...opsEndpoints,
  ...opsProductEndpoints,
  ...opsProductNameEndpoints,
  ...opsMoneyEndpoints,
  ...opsMineEndpoints,
  ...opsContentEndpoints,
  ...opsFinanceEndpoints,
  ...opsConsoleEndpoints,
};

export type EndpointName = keyof typeof allEndpoints;
