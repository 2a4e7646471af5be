import { isOpsRole, type OpsRole } from "#contract/operators";
import { operatorHears, opsTopicOf } from "#contract/stream";

import type { Db } from "../../db/client";
import { hashToken } from "../accounts/tokens";
import { liveOperatorSession } from "../operators/service";
import type { StoredEvent } from "./hub";

/** Who holds a console stream: the operator, the console session that opened it, and the role it hears. */
export interface OpsStreamHolder {
  operatorId: number;
  sessionHash: string;
  role: OpsRole;
}

/**
 * The role of a console session that is still good (`liveOperatorSession`: not ended, expired, idle too long or
 * of a disabled operator) and belongs to `operatorId`; null otherwise. Read without refreshing the session's
 * idle clock: an open stream is not the operator at work, and a console left open must still time out.
 */
async function liveSessionRole(db: Db, operatorId: number, sessionHash: string, now: number): Promise<OpsRole | null> {
  const session = await liveOperatorSession(db, sessionHash, now);
  if (session?.operator.id !== operatorId || !isOpsRole(session.operator.role)) return null;
  return session.operator.role;
}

/**
 * Who may open the console's stream with a ticket of `operatorId`: the same operator, signed in with the session
 * whose cookie the stream's request carries (the browser sends it to /api/ops like every console request). The
 * role is read now, not when the ticket was issued. Null when the session is gone or is another operator's.
 */
export async function opsStreamHolder(
  db: Db,
  operatorId: number,
  sessionToken: string | undefined,
  now: number,
): Promise<OpsStreamHolder | null> {
  if (!sessionToken || sessionToken.length > 100) return null;
  const sessionHash = hashToken(sessionToken);
  const role = await liveSessionRole(db, operatorId, sessionHash, now);
  return role ? { operatorId, sessionHash, role } : null;
}

/** Whether a console stream may stay open: its session still good and its operator's role the one it hears. */
export async function opsStreamStillHeld(db: Db, holder: OpsStreamHolder, now: number): Promise<boolean> {
  return (await liveSessionRole(db, holder.operatorId, holder.sessionHash, now)) === holder.role;
}

/** Whether an event asks the streams of this holder's operator to check their session at once. */
export const changesOperator = (holder: OpsStreamHolder) => (event: StoredEvent) =>
  event.kind === "operator_changed" && (event.payload as { operatorId?: unknown } | null)?.operatorId === holder.operatorId;

/** Which of the console's events an operator of `role` is shown: the topics the role may read, nothing else. */
export function opsEventsFor(role: OpsRole): (event: StoredEvent) => boolean {
  return (event) => {
    const topic = opsTopicOf({ kind: event.kind, data: event.payload });
    return topic !== null && operatorHears(role, topic);
  };
}
