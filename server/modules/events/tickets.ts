import { eq, lt } from "drizzle-orm";

import { STREAM_TICKET_SECONDS } from "#contract/stream";

import type { Db } from "../../db/client";
import { streamTickets } from "../../db/schema";
import { hashToken, newSessionToken } from "../accounts/tokens";

export type StreamOwner = { userId: number; operatorId: null } | { userId: null; operatorId: number };

/**
 * A one-use ticket that opens a stream: EventSource cannot send the token header, and a session token in a URL
 * would end up in logs. Only its hash is stored; any process may redeem it (the stream may land on another one
 * behind the load balancer). Tickets nobody redeemed are cleared as new ones are issued.
 */
export async function issueStreamTicket(db: Db, owner: StreamOwner, now: number): Promise<string> {
  const ticket = newSessionToken();
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, now));
  await db.insert(streamTickets).values({ ticketHash: hashToken(ticket), ...owner, expiresAt: now + STREAM_TICKET_SECONDS });
  return ticket;
}

/** Whose stream a ticket opens, once: the ticket is gone after the first try, whether or not it was still good. */
export async function redeemStreamTicket(db: Db, ticket: string, now: number): Promise<StreamOwner | null> {
  const [row] = await db
    .delete(streamTickets)
    .where(eq(streamTickets.ticketHash, hashToken(ticket)))
    .returning({ userId: streamTickets.userId, operatorId: streamTickets.operatorId, expiresAt: streamTickets.expiresAt });
  if (!row || row.expiresAt < now) return null;
  if (row.userId !== null) return { userId: row.userId, operatorId: null };
  if (row.operatorId !== null) return { userId: null, operatorId: row.operatorId };
  return null;
}
