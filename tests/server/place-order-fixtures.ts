import { sql } from "drizzle-orm";

import type { Db } from "#server/db/client";
import type { OrderToPlace } from "#server/db/ledger";

/** The rows of a raw `execute` answer. */
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A user with `cash` cents and nothing else, named `${account}`; returns its id. */
export async function insertUserWithCash(db: Db, account: string, inviteCode: string, cash: number): Promise<number> {
  const [row] = rows<{ id: number }>(
    await db.execute(sql`insert into users (account, password_hash, phone, invite_code, created_at, cash)
      values (${account}, 'x', '1', ${inviteCode}, 0, ${cash}) returning id`),
  );
  return row!.id;
}

/** An order on product 1 as seeded (simulated, 30 s at 0.8), opened at the instant of the tests' one recorded tick. */
export const orderToPlace = (userId: number, requestId: string, amount = 1_000, fee = 10): OrderToPlace => ({
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
});

/** place_order's checks as the tests run them. */
export const placeChecks = { waitLimitMs: 60_000, switchSettleSeconds: 10 };
