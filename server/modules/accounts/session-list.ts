import type { MessageDescriptor } from "#contract/catalogue";
import type { SessionsEndRequest } from "#contract/schemas/two-factor";
import type { SessionView } from "#contract/two-factor";

import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { deviceInWords } from "./device-words";
import { openSessions, revokeOtherSessions, revokeSessionById, type UserRow } from "./sessions";
import { hashToken } from "./tokens";

/** Renders a descriptor in the language of the request that asks. */
export type Say = (descriptor: MessageDescriptor, values?: Record<string, string>) => string;

/** The customer's open sessions for the Sessions page, the device in words in the asking request's language. */
export async function listSessions(ctx: ServiceContext, user: UserRow, token: string, say: Say): Promise<SessionView[]> {
  const current = hashToken(token);
  const rows = await openSessions(ctx.db, user.id, ctx.now());
  return rows.map((row) => {
    const device = deviceInWords(row.userAgent);
    return {
      id: row.id,
      device: say(device.descriptor, device.values),
      address: row.address ?? "",
      firstSeen: row.createdAt,
      lastSeen: row.lastSeenAt ?? row.createdAt,
      current: row.tokenHash === current,
    };
  });
}

/**
 * Ends every other session (`all`) or one by id. The session asking is never ended here, so "end all other
 * sessions" cannot sign the customer out of the device they pressed it on; logging out ends that one.
 */
export async function endSessions(
  ctx: ServiceContext,
  user: UserRow,
  token: string,
  input: SessionsEndRequest,
): Promise<{ ended: number }> {
  return ctx.db.transaction(async (tx) => {
    if ("all" in input) return { ended: await revokeOtherSessions(tx, user.id, token) };
    if (!(await revokeSessionById(tx, user.id, input.id, token))) throw new AppError("session_not_found");
    return { ended: 1 };
  });
}
