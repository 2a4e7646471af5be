import { sql } from "drizzle-orm";

import type { Db } from "#server/db/client";

/** The money tables as the last server left them, read straight from the stopped server's database. */
export interface FinalState {
  users: Array<{ id: number; account: string; cash: number; coin: number; frozen: number; yuebao: number }>;
  ledger: Array<{ id: number; userId: number; account: string; delta: number; reason: string; reference: string }>;
  orders: Array<{
    id: number;
    userId: number;
    requestId: string;
    amount: number;
    fee: number;
    payoutBps: number;
    status: string;
    voidReason: string | null;
    result: string | null;
    payout: number | null;
    expiresAt: number;
  }>;
  recharges: Array<{ id: number; userId: number; amount: number; status: string }>;
  withdrawals: Array<{ id: number; userId: number; amount: number; status: string }>;
  exchanges: Array<{ id: number; userId: number; fromAccount: "cash" | "coin"; cashAmount: number; coinAmount: number }>;
  subscriptions: Array<{ id: number; userId: number; planId: number; principal: number; profit: number; status: string }>;
}

// bigint columns come back as strings or bigints depending on the driver: numbers here (cents fit easily)
const NUMBER_COLUMNS = new Set([
  "id",
  "userId",
  "planId",
  "cash",
  "coin",
  "frozen",
  "yuebao",
  "delta",
  "amount",
  "fee",
  "payoutBps",
  "payout",
  "cashAmount",
  "coinAmount",
  "principal",
  "profit",
  "expiresAt",
]);
const numeric = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, NUMBER_COLUMNS.has(key) && value !== null ? Number(value) : value]));

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map(numeric) as T[];
}

export async function readFinalState(db: Db): Promise<FinalState> {
  return {
    users: await rows(db, sql`select id, account, cash, coin, frozen, yuebao from users order by id`),
    ledger: await rows(
      db,
      sql`select id, user_id as "userId", account, delta, reason, coalesce(reference, '') as reference from ledger order by id`,
    ),
    orders: await rows(
      db,
      sql`select id, user_id as "userId", request_id as "requestId", amount, fee, payout_bps as "payoutBps", status, void_reason as "voidReason", result, payout, expires_at as "expiresAt" from orders order by id`,
    ),
    recharges: await rows(db, sql`select id, user_id as "userId", amount, status from recharges order by id`),
    withdrawals: await rows(db, sql`select id, user_id as "userId", amount, status from withdrawals order by id`),
    exchanges: await rows(
      db,
      sql`select id, user_id as "userId", from_account as "fromAccount", cash_amount as "cashAmount", coin_amount as "coinAmount" from exchanges order by id`,
    ),
    subscriptions: await rows(
      db,
      sql`select id, user_id as "userId", plan_id as "planId", principal + pending_principal as principal, profit, status from subscriptions order by id`,
    ),
  };
}
