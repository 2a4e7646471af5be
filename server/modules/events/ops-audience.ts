import { eq } from "drizzle-orm";

import { isOpsRole, type OpsRole } from "#contract/operators";
import { operatorHears, opsTopicOf } from "#contract/stream";

import type { Db } from "../../db/client";
import { operators } from "../../db/schema";
import type { StoredEvent } from "./hub";

/**
 * The role an operator's stream is filtered by, read when the stream opens (not when the ticket was issued):
 * an operator re-roled in between gets the new role's topics. Null when the operator no longer exists.
 */
export async function opsStreamRole(db: Db, operatorId: number): Promise<OpsRole | null> {
  const [row] = await db.select({ role: operators.role }).from(operators).where(eq(operators.id, operatorId));
  return row && isOpsRole(row.role) ? row.role : null;
}

/** Which of the console's events an operator of `role` is shown: the topics the role may read, nothing else. */
export function opsEventsFor(role: OpsRole): (event: StoredEvent) => boolean {
  return (event) => {
    const topic = opsTopicOf({ kind: event.kind, data: event.payload });
    return topic !== null && operatorHears(role, topic);
  };
}
