import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";

import { type FraudSignal, SIGNAL_ACCOUNTS_SHOWN, type SignalAccount, TRADED_SHARE_OF_RECHARGE_BPS } from "#contract/customers";
import { centsToDecimal } from "#contract/format";
import type { ListPage } from "#contract/lists";

import type { Db, Tx } from "../../db/client";
import { customerSignIns, recharges, uploads, users, withdrawals } from "../../db/schema";

/**
 * Warnings for the money desk, computed when a review list or a customer page is read: nothing is stored, so a
 * warning is never stale and never a decision. Each names what it saw (the other accounts, the other uploads,
 * the amounts), and none refuses anything by itself.
 */

type Reader = Db | Tx;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
type Signals = Map<number, FraudSignal[]>;

const push = (map: Signals, key: number, signal: FraudSignal) => {
  const list = map.get(key);
  if (list) list.push(signal);
  else map.set(key, [signal]);
};

/** For each customer: the other accounts seen on a device id or an address the customer registered or logged in from. */
export async function sharedSignInSignals(db: Reader, userIds: readonly number[]): Promise<Signals> {
  const signals: Signals = new Map();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return signals;
  const mine = await db
    .selectDistinct({ userId: customerSignIns.userId, deviceId: customerSignIns.deviceId, ip: customerSignIns.ip })
    .from(customerSignIns)
    .where(inArray(customerSignIns.userId, ids));
  const devices = [...new Set(mine.flatMap((row) => (row.deviceId ? [row.deviceId] : [])))];
  const ips = [...new Set(mine.map((row) => row.ip))];
  const seenOn = async (column: typeof customerSignIns.deviceId | typeof customerSignIns.ip, values: string[]) =>
    values.length === 0
      ? []
      : db
          .selectDistinct({ value: column, userId: customerSignIns.userId, account: users.account })
          .from(customerSignIns)
          .innerJoin(users, eq(users.id, customerSignIns.userId))
          .where(and(inArray(column, values), isNotNull(column)))
          .orderBy(column, customerSignIns.userId);
  const [onDevices, onIps] = await Promise.all([seenOn(customerSignIns.deviceId, devices), seenOn(customerSignIns.ip, ips)]);
  const byValue = (rows: Array<{ value: string | null; userId: number; account: string }>) => {
    const map = new Map<string, SignalAccount[]>();
    for (const row of rows) {
      if (row.value === null) continue;
      const list = map.get(row.value) ?? [];
      list.push({ id: row.userId, account: row.account });
      map.set(row.value, list);
    }
    return map;
  };
  const deviceAccounts = byValue(onDevices);
  const ipAccounts = byValue(onIps);
  for (const id of ids) {
    const own = mine.filter((row) => row.userId === id);
    for (const deviceId of new Set(own.flatMap((row) => (row.deviceId ? [row.deviceId] : [])))) {
      const others = (deviceAccounts.get(deviceId) ?? []).filter((account) => account.id !== id);
      if (others.length)
        push(signals, id, { kind: "shared_device", deviceId, accounts: others.slice(0, SIGNAL_ACCOUNTS_SHOWN), total: others.length });
    }
    for (const ip of new Set(own.map((row) => row.ip))) {
      const others = (ipAccounts.get(ip) ?? []).filter((account) => account.id !== id);
      if (others.length)
        push(signals, id, { kind: "shared_address", ip, accounts: others.slice(0, SIGNAL_ACCOUNTS_SHOWN), total: others.length });
    }
  }
  return signals;
}

/**
 * For each recharge: every other upload of the same bytes (SHA-256 kept at upload), whoever made it, with the
 * recharge it backs if any. A second recharge on the same bytes is refused (`screenshot_used`), so what shows
 * here is mostly the refused tries: someone else holding this customer's receipt is the warning.
 */
export async function sameReceiptSignals(db: Reader, rechargeIds: readonly number[]): Promise<Signals> {
  const signals: Signals = new Map();
  if (rechargeIds.length === 0) return signals;
  const result = (await db.execute(sql`
    select r.id as recharge_id, u.id as upload_id, u.user_id, c.account,
      (select r2.id from ${recharges} r2 where r2.upload_id = u.id) as other_recharge
    from ${recharges} r
    join ${uploads} u on u.sha256 = r.screenshot_sha256 and u.id is distinct from r.upload_id
    join ${users} c on c.id = u.user_id
    where r.id in (${idList(rechargeIds)})
    order by r.id, u.id`)) as unknown as {
    rows: Array<{ recharge_id: number; upload_id: number; user_id: number; account: string; other_recharge: number | null }>;
  };
  const rows = result.rows.map((row) => ({
    rechargeId: Number(row.recharge_id),
    uploadId: row.upload_id,
    userId: row.user_id,
    account: row.account,
    otherRecharge: row.other_recharge,
  }));
  const grouped = new Map<number, Extract<FraudSignal, { kind: "same_receipt" }>["uploads"]>();
  for (const row of rows) {
    const list = grouped.get(row.rechargeId) ?? [];
    list.push({
      uploadId: Number(row.uploadId),
      customer: { id: Number(row.userId), account: row.account },
      rechargeId: row.otherRecharge === null ? null : Number(row.otherRecharge),
    });
    grouped.set(row.rechargeId, list);
  }
  for (const [rechargeId, list] of grouped) push(signals, rechargeId, { kind: "same_receipt", uploads: list });
  return signals;
}

/**
 * For each withdrawal: the customer's last recharge approved before it was asked for, and what they staked in
 * orders between that approval and the request. Staking less than `TRADED_SHARE_OF_RECHARGE_BPS` of the
 * recharge is the deposit-then-withdraw pattern.
 */
export async function withdrawWithoutTradingSignals(db: Reader, withdrawalIds: readonly number[]): Promise<Signals> {
  const signals: Signals = new Map();
  if (withdrawalIds.length === 0) return signals;
  const result = (await db.execute(sql`
    select w.id as withdrawal_id, last.id as recharge_id, last.amount as recharged,
      (select coalesce(sum(o.amount), 0) from orders o
        where o.user_id = w.user_id and o.account = 'real' and o.open_time >= last.reviewed_at and o.open_time <= w.created_at) as traded
    from ${withdrawals} w
    join lateral (
      select r.id, r.amount, r.reviewed_at from ${recharges} r
      where r.user_id = w.user_id and r.status = 'success' and r.reviewed_at <= w.created_at
      order by r.reviewed_at desc, r.id desc limit 1
    ) last on true
    where w.id in (${idList(withdrawalIds)})`)) as unknown as {
    rows: Array<{ withdrawal_id: number; recharge_id: number; recharged: string | number; traded: string | number }>;
  };
  for (const row of result.rows) {
    const recharged = Number(row.recharged);
    const traded = Number(row.traded);
    if (traded * 10_000 < recharged * TRADED_SHARE_OF_RECHARGE_BPS) {
      push(signals, Number(row.withdrawal_id), {
        kind: "withdraw_without_trading",
        rechargeId: Number(row.recharge_id),
        recharged: centsToDecimal(recharged),
        traded: centsToDecimal(traded),
      });
    }
  }
  return signals;
}

/** Review rows of recharges with their warnings: the receipt's other uploads and the customer's shared sign-ins. */
export async function withRechargeSignals<Row extends { id: number; userId: number }>(db: Reader, rows: Row[]) {
  const [receipts, shared] = await Promise.all([
    sameReceiptSignals(
      db,
      rows.map((row) => row.id),
    ),
    sharedSignInSignals(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return rows.map((row) => ({ ...row, signals: [...(receipts.get(row.id) ?? []), ...(shared.get(row.userId) ?? [])] }));
}

/** Review rows of withdrawals with their warnings: deposit-then-withdraw and the customer's shared sign-ins. */
export async function withWithdrawalSignals<Row extends { id: number; userId: number }>(db: Reader, rows: Row[]) {
  const [passThrough, shared] = await Promise.all([
    withdrawWithoutTradingSignals(
      db,
      rows.map((row) => row.id),
    ),
    sharedSignInSignals(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return rows.map((row) => ({ ...row, signals: [...(passThrough.get(row.id) ?? []), ...(shared.get(row.userId) ?? [])] }));
}

/** Review rows of real-name requests with the customer's shared sign-ins (one person, several accounts). */
export async function withSignInSignals<Row extends { userId: number }>(db: Reader, rows: Row[]) {
  const shared = await sharedSignInSignals(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({ ...row, signals: shared.get(row.userId) ?? [] }));
}

/** Every warning about one customer, for their page: shared sign-ins, their recharges' receipts, their open withdrawals. */
export async function customerSignals(db: Reader, userId: number, rechargeIds: number[], openWithdrawalIds: number[]) {
  const [shared, receipts, passThrough] = await Promise.all([
    sharedSignInSignals(db, [userId]),
    sameReceiptSignals(db, rechargeIds),
    withdrawWithoutTradingSignals(db, openWithdrawalIds),
  ]);
  return [...(shared.get(userId) ?? []), ...[...receipts.values()].flat(), ...[...passThrough.values()].flat()];
}

/** A console list's page with its rows' warnings added: the cursors and the total stay as they were. */
export async function withPageSignals<Row, Out>(page: ListPage<Row>, add: (rows: Row[]) => Promise<Out[]>): Promise<ListPage<Out>> {
  return { ...page, items: await add(page.items) };
}
