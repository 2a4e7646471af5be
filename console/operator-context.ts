import { createContext, useContext } from "react";

import { roleAllows } from "#contract/operators";
import type { OperatorSelf } from "#contract/ops-answers";
import type { OpsPath } from "#contract/ops-paths";

/** The signed-in operator, for pages that show or hide what the role may change. */
export const OperatorContext = createContext<OperatorSelf | null>(null);

/** Whether the signed-in operator's role may call `endpoint` (the server's own check, `roleAllows`). */
export function useMay(): (endpoint: OpsPath) => boolean {
  const operator = useContext(OperatorContext);
  return (endpoint) => operator !== null && roleAllows(operator.role, endpoint);
}
