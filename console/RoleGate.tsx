import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

import type { OpsPath } from "#contract/ops-paths";

import { useMay } from "./operator-context";

/**
 * A page the operator's role may not use says so instead of opening: its calls would only be refused, and an
 * empty page would read as "nothing to do" (a bookmark, or a link from someone with another role).
 */
export function RoleGate({ endpoint, children }: { endpoint: OpsPath; children: ReactNode }) {
  const may = useMay();
  if (may(endpoint)) return children;
  return (
    <p role="alert" className="error" data-testid="role-refused">
      <Trans>Your role cannot use this page. Ask an admin if you need it.</Trans>
    </p>
  );
}
