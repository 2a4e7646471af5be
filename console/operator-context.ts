import { createContext, useContext } from "react";

import type { Operator } from "./api";

/** The signed-in operator, for pages that show or hide what the role may change. */
export const OperatorContext = createContext<Operator | null>(null);

/** Whether the signed-in operator has one of `roles` (admin always has). */
export function useMay(): (...roles: Operator["role"][]) => boolean {
  const operator = useContext(OperatorContext);
  return (...roles) => operator !== null && (operator.role === "admin" || roles.includes(operator.role));
}
