import { and, desc, eq, sql } from "drizzle-orm";

import { centsToDecimal, maskMiddle } from "#contract/format";
import type { OpsRole } from "#contract/operators";

import { bankCards, customerSignIns, orders, recharges, users, verifications, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { customerLabelsOf, customerNotesOf, flagsOf } from "../customers/desk-actions";
import { customerSignals } from "../customers/fraud-signals";
import { AppError } from "../errors";
import { findUserByAccount } from "./service";
import { lockedNow } from "./sessions";

const LEDGER_ROWS = 200;
/** the recharge and withdrawal history on the customer page; the queues hold the rest */
const HISTORY_ROWS = 50;
const SIGN_INS_SHOWN = 10;

/** Every order's count, stakes and what settlement paid; the profit counts settled orders (void ones were refunded). */
async function tradingSummary(ctx: ServiceContext, userId: number) {
  const [row] = await ctx.db
    .select({
      orders: sql<number>`count(*)::int`,
      staked: sql<string>`coalesce(sum(${orders.amount}), 0)`,
      paidOut: sql<string>`coalesce(sum(${orders.payout}) filter (where ${orders.status} = 'closed'), 0)`,
      spent: sql<string>`coalesce(sum(${orders.amount} + ${orders.fee}) filter (where ${orders.status} = 'closed'), 0)`,
    })
    .from(orders)
    // the desk's money figures: practice orders stake play money
    .where(and(eq(orders.userId, userId), eq(orders.account, "real")));
  const paidOut = Number(row?.paidOut ?? 0);
  return {
    orders: row?.orders ?? 0,
    staked: centsToDecimal(Number(row?.staked ?? 0)),
    paidOut: centsToDecimal(paidOut),
    profit: centsToDecimal(paidOut - Number(row?.spent ?? 0)),
  };
}

/** Roles that check ID numbers (the real-name review) read them in full; the others see them masked. */
const readsFullIdNumbers = (role: OpsRole) => role === "admin" || role === "support";

/**
 * One customer in full: the desk's flags, where they registered and logged in from, balances, the latest ledger
 * rows with each account's balance after the row, orders and their result, cards, recharges and withdrawals,
 * notes, risk labels and the warnings about them.
 */
export async function userDetail(ctx: ServiceContext, id: number, role: OpsRole) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError("user_not_found");
  const ledgerRows = (await ctx.db.execute(sql`
    select * from (
      select id, account, delta, reason, reference, created_at,
        sum(delta) over (partition by account order by id) as balance
      from ledger where user_id = ${id}
    ) rows order by id desc limit ${LEDGER_ROWS}`)) as unknown as {
    rows: Array<{
      id: number;
      account: string;
      delta: number | string;
      reason: string;
      reference: string | null;
      created_at: number | string;
      balance: number | string;
    }>;
  };
  const [orderRows, cards, rechargeRows, withdrawalRows, verificationRows] = await Promise.all([
    ctx.db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(50),
    ctx.db.select().from(bankCards).where(eq(bankCards.userId, id)).orderBy(bankCards.id),
    ctx.db.select().from(recharges).where(eq(recharges.userId, id)).orderBy(desc(recharges.id)).limit(HISTORY_ROWS),
    ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, id)).orderBy(desc(withdrawals.id)).limit(HISTORY_ROWS),
    ctx.db.select().from(verifications).where(eq(verifications.userId, id)).orderBy(desc(verifications.id)).limit(5),
  ]);
  const [signIns, registration, trading, notes, labels, signals] = await Promise.all([
    ctx.db.select().from(customerSignIns).where(eq(customerSignIns.userId, id)).orderBy(desc(customerSignIns.id)).limit(SIGN_INS_SHOWN),
    ctx.db
      .select()
      .from(customerSignIns)
      .where(and(eq(customerSignIns.userId, id), eq(customerSignIns.kind, "register")))
      .limit(1),
    tradingSummary(ctx, id),
    customerNotesOf(ctx.db, id),
    customerLabelsOf(ctx.db, id),
    customerSignals(
      ctx.db,
      id,
      rechargeRows.map((row) => row.id),
      withdrawalRows.filter((row) => row.status === "review").map((row) => row.id),
    ),
  ]);
  const seen = (row: typeof customerSignIns.$inferSelect) => ({ kind: row.kind, ip: row.ip, deviceId: row.deviceId, time: row.at });
  return {
    flags: flagsOf(user, ctx.now()),
    registration: registration[0] ? seen(registration[0]) : null,
    signIns: signIns.map(seen),
    trading,
    notes,
    labels,
    signals,
    user: {
      id: user.id,
      account: user.account,
      phone: user.phone,
      name: user.name,
      inviteCode: user.inviteCode,
      inviterId: user.inviterId,
      verified: user.verified,
      locked: lockedNow(user, ctx.now()),
      vipLevel: user.vipLevel,
      language: user.language,
      createdAt: user.createdAt,
    },
    balances: {
      cash: centsToDecimal(user.cash),
      coin: centsToDecimal(user.coin),
      frozen: centsToDecimal(user.frozen),
      yuebao: centsToDecimal(user.yuebao),
    },
    ledger: ledgerRows.rows.map((row) => ({
      id: Number(row.id),
      account: row.account,
      delta: centsToDecimal(Number(row.delta)),
      balance: centsToDecimal(Number(row.balance)),
      reason: row.reason,
      reference: row.reference,
      time: Number(row.created_at),
    })),
    orders: orderRows.map((order) => ({
      id: order.id,
      account: order.account,
      productId: order.productId,
      direction: order.direction,
      amount: centsToDecimal(order.amount),
      seconds: order.seconds,
      status: order.status,
      result: order.result,
      payout: order.payout === null ? null : centsToDecimal(order.payout),
      openTime: order.openTime,
    })),
    cards: cards.map((card) => ({
      id: card.id,
      type: card.type,
      bank: card.bankName,
      branch: card.branch,
      number: card.number,
      holder: card.holder,
    })),
    recharges: rechargeRows.map((row) => ({ id: row.id, amount: centsToDecimal(row.amount), status: row.status, time: row.createdAt })),
    withdrawals: withdrawalRows.map((row) => ({ id: row.id, amount: centsToDecimal(row.amount), status: row.status, time: row.createdAt })),
    verifications: verificationRows.map((row) => ({
      id: row.id,
      name: row.name,
      idNumber: readsFullIdNumbers(role) ? row.idNumber : maskMiddle(row.idNumber),
      status: row.status,
    })),
  };
}

/** The operator's view of an account: everything but the password hashes, phone unmasked. */
export async function showUser(ctx: ServiceContext, account: string) {
  const user = await findUserByAccount(ctx, account);
  if (!user) throw new AppError("user_not_found");
  return {
    id: user.id,
    account: user.account,
    phone: user.phone,
    inviteCode: user.inviteCode,
    inviterId: user.inviterId,
    locked: lockedNow(user, ctx.now()),
    verified: user.verified,
    vipLevel: user.vipLevel,
    cash: centsToDecimal(user.cash),
    coin: centsToDecimal(user.coin),
    frozen: centsToDecimal(user.frozen),
    yuebao: centsToDecimal(user.yuebao),
    createdAt: user.createdAt,
  };
}
