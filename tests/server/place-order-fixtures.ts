import { sql } from "drizzle-orm";

import type { Db } from "#server/db/client";
import type { OrderToPlace } from "#server/db/ledger";
import { createSession, type SessionRef } from "#server/modules/accounts/sessions";
import { hashToken } from "#server/modules/accounts/tokens";

/** The rows of a raw `execute` answer. */
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The token hash of the session `insertUserWithCash` gives its user (place_order checks the session first). */
export const fixtureTokenHash = (userId: number) => `fixture-session-${userId}`;

/** A user with `cash` cents and a session (`fixtureTokenHash`) valid long past the tests' clock, named `${account}`; its id. */
export async function insertUserWithCash(db: Db, account: string, inviteCode: string, cash: number): Promise<number> {
  const [row] = rows<{ id: number }>(
    await db.execute(sql`insert into users (account, password_hash, phone, invite_code, created_at, cash)
      values (${account}, 'x', '1', ${inviteCode}, 0, ${cash}) returning id`),
  );
  await db.execute(sql`insert into sessions (token_hash, user_id, created_at, expires_at)
    values (${fixtureTokenHash(row!.id)}, ${row!.id}, 0, 4000000000)`);
  return row!.id;
}

/** A new session of `userId` begun at `now`, as the order path holds it. */
export async function sessionFor(db: Db, userId: number, now: number): Promise<SessionRef> {
  return { tokenHash: hashToken(await createSession(db, userId, now)), userId };
}

/** An order on product 1 as seeded (simulated, 30 s at 0.8), opened at the instant of the tests' one recorded tick. */
export const orderToPlace = (userId: number, requestId: string, amount = 1_000, fee = 10): OrderToPlace => ({
  tokenHash: fixtureTokenHash(userId),
  userId,
  productId: 1,
  requestId,
  direction: "up",
  amount,
  fee,
  seconds: 30,
  feedSource: "simulated",
  shownPrice: null,
  openTime: 1_800_000_000,
  account: "real",
});

/** place_order's checks as the tests run them. */
export const placeChecks = { waitLimitMs: 60_000, switchSettleSeconds: 10 };
