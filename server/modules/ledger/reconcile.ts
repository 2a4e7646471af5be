import { sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";

import type { ServiceContext } from "../context";
import { checkAuditChain } from "../operators/audit";

/**
 * Each balance column reconciled on its own: `practice` (play money) beside the real accounts, so the practice
 * balances hold to their ledger as strictly while never mixing into the real totals.
 */
const ACCOUNTS = ["cash", "coin", "frozen", "yuebao", "practice"] as const;
const columns = (make: (account: (typeof ACCOUNTS)[number]) => string) => sql.raw(ACCOUNTS.map(make).join(", "));

/*
 * Reconcile: every cached balance of users against the sum of its ledger rows. The CLI and the crash test
 * take the whole answer at once (`reconcile`); the console pages it (`reconcileReport`).
 */
const RECONCILE_PAGE = 50;

type Row = Record<string, string | number | null>;

/**
 * The reconcile the CLI runs, as a report: per user each cached balance beside the sum of its ledger rows
 * (every user, or only those that differ), 50 a page, and the platform's totals of both.
 */
export async function reconcileReport(ctx: ServiceContext, input: { page: number; onlyDrift: boolean }) {
  const differs = sql.raw(ACCOUNTS.map((a) => `u.${a} <> coalesce(l.${a}, 0)`).join(" or "));
  const filter = input.onlyDrift ? sql`where ${differs}` : sql``;
  const sums = sql.raw(ACCOUNTS.map((a) => `sum(delta) filter (where account = '${a}') as ${a}`).join(", "));
  const ledgerPerUser = sql`select user_id, ${sums} from ledger group by user_id`;
  const page = (await ctx.db.execute(sql`
    with l as (${ledgerPerUser})
    select u.id, u.account, ${columns((a) => `u.${a}`)},
      ${columns((a) => `coalesce(l.${a}, 0) as ledger_${a}`)},
      (${differs}) as drift
    from users u left join l on l.user_id = u.id
    ${filter}
    order by u.id
    limit ${RECONCILE_PAGE} offset ${(input.page - 1) * RECONCILE_PAGE}`)) as unknown as { rows: Row[] };
  const [summary] = (
    (await ctx.db.execute(sql`
    with l as (${ledgerPerUser})
    select count(*)::int as users,
      count(*) filter (where ${differs})::int as drifting,
      count(*) filter (where ${sql.raw(ACCOUNTS.map((a) => `u.${a} < 0`).join(" or "))})::int as negative,
      ${columns((a) => `coalesce(sum(u.${a}), 0) as ${a}`)},
      ${columns((a) => `coalesce(sum(l.${a}), 0) as ledger_${a}`)}
    from users u left join l on l.user_id = u.id`)) as unknown as { rows: Row[] }
  ).rows;
  const pair = (row: Row, account: (typeof ACCOUNTS)[number]) => {
    const balance = Number(row[account]);
    const ledger = Number(row[`ledger_${account}`]);
    return { balance: centsToDecimal(balance), ledger: centsToDecimal(ledger), difference: centsToDecimal(balance - ledger) };
  };
  const accounts = (row: Row) => Object.fromEntries(ACCOUNTS.map((account) => [account, pair(row, account)]));
  const s = summary ?? {};
  const total = input.onlyDrift ? Number(s.drifting ?? 0) : Number(s.users ?? 0);
  const auditChain = await checkAuditChain(ctx.db);
  return {
    ok: Number(s.drifting ?? 0) === 0 && Number(s.negative ?? 0) === 0 && auditChain.ok,
    auditChain,
    users: Number(s.users ?? 0),
    drifting: Number(s.drifting ?? 0),
    negativeBalances: Number(s.negative ?? 0),
    totals: accounts(s),
    page: input.page,
    pageSize: RECONCILE_PAGE,
    total,
    rows: page.rows.map((row) => ({
      id: Number(row.id),
      account: String(row.account),
      drift: Boolean(row.drift),
      accounts: accounts(row),
    })),
    at: ctx.now(),
  };
}

/**
 * Every balance must equal the sum of its ledger rows; anything else is drift, listed per user and account. The
 * audit log's hash chain is checked with it: both answer whether the books can be trusted.
 */
export async function reconcile(ctx: ServiceContext) {
  const result = (await ctx.db.execute(sql`
    select u.id, u.account,
      ${columns((a) => `u.${a}, coalesce(sum(l.delta) filter (where l.account = '${a}'), 0) as ledger_${a}`)}
    from users u left join ledger l on l.user_id = u.id
    group by u.id order by u.id`)) as unknown as { rows: Array<Record<string, string | number>> };
  const drift: Array<{ account: string; balance: string; expected: string; ledger: string }> = [];
  let negative = 0;
  for (const row of result.rows) {
    for (const account of ACCOUNTS) {
      const balance = Number(row[account]);
      const ledger = Number(row[`ledger_${account}`]);
      if (balance < 0) negative++;
      if (balance !== ledger)
        drift.push({
          account: `${row.account}:${account}`,
          balance: centsToDecimal(balance),
          expected: centsToDecimal(ledger),
          ledger: account,
        });
    }
  }
  const auditChain = await checkAuditChain(ctx.db);
  return {
    users: result.rows.length,
    drift,
    negativeBalances: negative,
    auditChain,
    ok: drift.length === 0 && negative === 0 && auditChain.ok,
  };
}
