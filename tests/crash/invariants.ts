import type { OrderResult } from "#contract/trading";
import { settlementCredit } from "#contract/trading-math";

import type { FinalState } from "./final-state";
import type { Entry } from "./journal";

/**
 * What must hold after any number of crashes, checked on the final database against the journal of
 * requests. Each function returns the violations it found, in words; an empty list is a pass.
 */
export function findViolations(state: FinalState, journal: Entry[], customerIds: number[]): string[] {
  const customers = new Set(customerIds);
  const ledger = new LedgerByReference(state.ledger.filter((row) => customers.has(row.userId)));
  const violations = [
    ...balancesMatchLedgerAndAreNotNegative(state),
    ...ordersSettledExactlyOnce(state, journal, customers, ledger),
    ...reviewedMoneyMovedOnce(state, journal, customers, ledger),
    ...exchangesWhole(state, customers, ledger),
    ...subscriptionsWhole(state, journal, customers, ledger),
    ...requestsTookEffectAsAnswered(state, journal, customers),
  ];
  // anything left in the ledger belongs to no record: money that came from (or went) nowhere
  for (const row of ledger.unexplained())
    violations.push(`ledger row ${row.id} (${row.reference} ${row.reason} ${row.account} ${row.delta}) belongs to no record`);
  return violations;
}

type LedgerRow = FinalState["ledger"][number];

/** The customers' ledger rows by reference; each check takes the rows it explains. */
class LedgerByReference {
  private readonly rows = new Map<string, LedgerRow[]>();
  private readonly taken = new Set<number>();
  constructor(rows: LedgerRow[]) {
    for (const row of rows) this.rows.set(row.reference, [...(this.rows.get(row.reference) ?? []), row]);
  }
  take(reference: string): LedgerRow[] {
    const rows = this.rows.get(reference) ?? [];
    for (const row of rows) this.taken.add(row.id);
    return rows;
  }
  takeStartingWith(prefix: string): LedgerRow[] {
    return [...this.rows.keys()].filter((reference) => reference.startsWith(prefix)).flatMap((reference) => this.take(reference));
  }
  unexplained(): LedgerRow[] {
    return [...this.rows.values()].flat().filter((row) => !this.taken.has(row.id));
  }
}

type Expected = Array<[account: string, delta: number, reason: string]>;
const key = (account: string, delta: number, reason: string) => `${account} ${delta} ${reason}`;

/** The rows under a reference are exactly the expected ones: none missing (half done), none twice. */
function sameRows(what: string, actual: LedgerRow[], expected: Expected): string[] {
  const have = actual.map((row) => key(row.account, row.delta, row.reason)).sort();
  const want = expected
    .filter(([, delta]) => delta !== 0)
    .map(([account, delta, reason]) => key(account, delta, reason))
    .sort();
  return JSON.stringify(have) === JSON.stringify(want) ? [] : [`${what}: ledger has [${have.join("; ")}], expected [${want.join("; ")}]`];
}

/** (c) balance = sum of its ledger rows, as the operator's reconcile checks; (d) no balance below zero. */
export function balancesMatchLedgerAndAreNotNegative(state: FinalState): string[] {
  const violations: string[] = [];
  const sums = new Map<string, number>();
  for (const row of state.ledger) sums.set(`${row.userId} ${row.account}`, (sums.get(`${row.userId} ${row.account}`) ?? 0) + row.delta);
  for (const user of state.users) {
    for (const account of ["cash", "coin", "frozen", "yuebao"] as const) {
      const ledger = sums.get(`${user.id} ${account}`) ?? 0;
      if (user[account] !== ledger) violations.push(`${user.account} ${account}: balance ${user[account]} but ledger sum ${ledger}`);
      if (user[account] < 0) violations.push(`${user.account} ${account}: negative balance ${user[account]}`);
    }
  }
  return violations;
}

/**
 * (a) every order is closed, paid what its result says, and charged and paid exactly once; or void because a
 * tick that would decide it was recorded without a commitment (a restart lost the seeds), refunded once.
 */
function ordersSettledExactlyOnce(state: FinalState, journal: Entry[], customers: Set<number>, ledger: LedgerByReference): string[] {
  const violations: string[] = [];
  const attempts = new Map<string, Entry[]>();
  for (const entry of journal) {
    if (entry.action.kind !== "order") continue;
    const id = `${entry.userId} ${entry.action.requestId}`;
    attempts.set(id, [...(attempts.get(id) ?? []), entry]);
  }
  const stored = new Map<string, FinalState["orders"][number]>();
  for (const order of state.orders.filter((o) => customers.has(o.userId))) {
    const id = `${order.userId} ${order.requestId}`;
    if (stored.has(id)) violations.push(`order request ${id} stored twice`);
    stored.set(id, order);
    if (!attempts.has(id)) violations.push(`order ${order.id} (${id}) was never requested`);
    const voided = order.status === "void" && order.voidReason === "uncommitted";
    if (!voided && (order.status !== "closed" || !order.result)) violations.push(`order ${order.id} not settled: status ${order.status}`);
    const payout = order.result ? settlementCredit(order.result as OrderResult, order.amount, order.payoutBps) : 0;
    if (order.result && order.payout !== payout)
      violations.push(`order ${order.id} (${order.result}) paid ${order.payout}, its result pays ${payout}`);
    violations.push(
      ...sameRows(`order ${order.id}`, ledger.take(`order:${order.id}`), [
        ["cash", -order.amount, "order_stake"],
        ["cash", -order.fee, "order_fee"],
        ...(order.status === "closed" ? ([["cash", payout, "order_settlement"]] as Expected) : []),
        ...(voided ? ([["cash", order.amount + order.fee, "order_void"]] as Expected) : []),
      ]),
    );
  }
  for (const [id, tries] of attempts) {
    const exists = stored.has(id);
    if (tries.some((t) => t.outcome === "ok") && !exists) violations.push(`order ${id} was accepted but is not in the database`);
    if (tries.every((t) => t.outcome === "refused" || t.outcome === "unsent") && exists)
      violations.push(`order ${id} was refused (${tries.map((t) => t.detail).join(", ")}) but exists`);
  }
  return violations;
}

/** Recharges and withdrawals: the ledger matches the status, and the status matches the operator's answers. */
function reviewedMoneyMovedOnce(state: FinalState, journal: Entry[], customers: Set<number>, ledger: LedgerByReference): string[] {
  const violations: string[] = [];
  const reviews = (kind: "recharge_review" | "withdrawal_review", id: number) =>
    journal.flatMap((entry) =>
      entry.action.kind === kind && entry.action.id === id ? [{ decision: entry.action.decision, outcome: entry.outcome }] : [],
    );
  const statusFollowsReviews = (what: string, status: string, answers: Array<{ decision: string; outcome: string }>) => {
    const decided = status === "success" ? "approve" : status === "failed" ? "reject" : null;
    if (decided && !answers.some((a) => a.decision === decided && (a.outcome === "ok" || a.outcome === "unknown")))
      violations.push(`${what} is ${status} but no ${decided} got through`);
    for (const answer of answers.filter((a) => a.outcome === "ok")) {
      if (answer.decision !== decided) violations.push(`${what}: the operator's ${answer.decision} was accepted, yet it is ${status}`);
    }
  };
  for (const row of state.recharges.filter((r) => customers.has(r.userId))) {
    violations.push(
      ...sameRows(
        `recharge ${row.id}`,
        ledger.take(`recharge:${row.id}`),
        row.status === "success" ? [["cash", row.amount, "recharge"]] : [],
      ),
    );
    statusFollowsReviews(`recharge ${row.id}`, row.status, reviews("recharge_review", row.id));
  }
  for (const row of state.withdrawals.filter((w) => customers.has(w.userId))) {
    const expected: Expected = [
      ["cash", -row.amount, "withdrawal_request"],
      ["frozen", row.amount, "withdrawal_request"],
      ...(row.status === "success" ? ([["frozen", -row.amount, "withdrawal_paid"]] as Expected) : []),
      ...(row.status === "failed"
        ? ([
            ["frozen", -row.amount, "withdrawal_rejected"],
            ["cash", row.amount, "withdrawal_rejected"],
          ] as Expected)
        : []),
    ];
    violations.push(...sameRows(`withdrawal ${row.id}`, ledger.take(`withdrawal:${row.id}`), expected));
    statusFollowsReviews(`withdrawal ${row.id}`, row.status, reviews("withdrawal_review", row.id));
  }
  return violations;
}

function exchangesWhole(state: FinalState, customers: Set<number>, ledger: LedgerByReference): string[] {
  return state.exchanges
    .filter((x) => customers.has(x.userId))
    .flatMap((x) =>
      sameRows(
        `exchange ${x.id}`,
        ledger.take(`exchange:${x.id}`),
        x.fromAccount === "cash"
          ? [
              ["cash", -x.cashAmount, "exchange_out"],
              ["coin", x.coinAmount, "exchange_in"],
            ]
          : [
              ["coin", -x.coinAmount, "exchange_out"],
              ["cash", x.cashAmount, "exchange_in"],
            ],
      ),
    );
}

/** The join, each append and a stop each moved their pair once; the principal is what was paid in. */
function subscriptionsWhole(state: FinalState, journal: Entry[], customers: Set<number>, ledger: LedgerByReference): string[] {
  const violations: string[] = [];
  for (const sub of state.subscriptions.filter((s) => customers.has(s.userId))) {
    const what = `subscription ${sub.id}`;
    const rows = ledger.take(`subscription:${sub.id}`);
    const interest = ledger.takeStartingWith(`subscription:${sub.id}:day:`);
    const of = (reason: string, account: string) => rows.filter((r) => r.reason === reason && r.account === account).map((r) => r.delta);
    const joined = of("yuebao_join", "yuebao");
    const appended = of("yuebao_append", "yuebao");
    const total = sub.principal + sub.profit;
    violations.push(
      ...sameRows(what, rows, [
        ...joined.flatMap((amount): Expected => [
          ["cash", -amount, "yuebao_join"],
          ["yuebao", amount, "yuebao_join"],
        ]),
        ...appended.flatMap((amount): Expected => [
          ["cash", -amount, "yuebao_append"],
          ["yuebao", amount, "yuebao_append"],
        ]),
        ...(sub.status === "settled"
          ? ([
              ["yuebao", -total, "yuebao_stop"],
              ["cash", total, "yuebao_stop"],
            ] as Expected)
          : []),
      ]),
    );
    if (joined.length !== 1) violations.push(`${what}: ${joined.length} join movements`);
    const paidIn = [...joined, ...appended].reduce((a, b) => a + b, 0);
    if (paidIn !== sub.principal) violations.push(`${what}: principal ${sub.principal}, paid in ${paidIn}`);
    const earned = interest.reduce((a, r) => a + r.delta, 0);
    if (earned !== sub.profit) violations.push(`${what}: profit ${sub.profit}, interest booked ${earned}`);
    const stops = journal.filter((e) => e.action.kind === "yuebao_stop" && e.action.subscriptionId === sub.id);
    if (sub.status === "settled" && !stops.some((s) => s.outcome === "ok" || s.outcome === "unknown"))
      violations.push(`${what} is settled but no stop got through`);
    if (sub.status !== "settled" && stops.some((s) => s.outcome === "ok")) violations.push(`${what} was stopped (ok) but is ${sub.status}`);
  }
  return violations;
}

/**
 * (b) For the requests without an idempotency key, the unique amount ties each record to its request:
 * an accepted request left exactly one record, a refused or unsent one none, an unknown one at most one;
 * and no record exists that no request asked for.
 */
function requestsTookEffectAsAnswered(state: FinalState, journal: Entry[], customers: Set<number>): string[] {
  const effects = new Map<string, number>();
  const add = (fingerprint: string) => effects.set(fingerprint, (effects.get(fingerprint) ?? 0) + 1);
  for (const r of state.recharges.filter((row) => customers.has(row.userId))) add(`recharge ${r.userId} ${r.amount}`);
  for (const w of state.withdrawals.filter((row) => customers.has(row.userId))) add(`withdraw ${w.userId} ${w.amount}`);
  for (const x of state.exchanges.filter((row) => customers.has(row.userId)))
    add(`exchange ${x.userId} ${x.fromAccount} ${x.fromAccount === "cash" ? x.cashAmount : x.coinAmount}`);
  for (const sub of state.subscriptions.filter((row) => customers.has(row.userId))) {
    // the amounts paid in are in the subscription's ledger rows (its principal is their sum)
    const rows = state.ledger.filter((row) => row.reference === `subscription:${sub.id}` && row.account === "yuebao");
    for (const row of rows.filter((r) => r.reason === "yuebao_join")) add(`yuebao_join ${sub.userId} ${sub.planId} ${row.delta}`);
    for (const row of rows.filter((r) => r.reason === "yuebao_append")) add(`yuebao_append ${sub.userId} ${sub.id} ${row.delta}`);
  }
  const requested = new Map<string, Entry>();
  for (const entry of journal) {
    const a = entry.action;
    const fingerprint =
      a.kind === "recharge" || a.kind === "withdraw"
        ? `${a.kind} ${entry.userId} ${a.amount}`
        : a.kind === "exchange"
          ? `exchange ${entry.userId} ${a.from} ${a.amount}`
          : a.kind === "yuebao_join"
            ? `yuebao_join ${entry.userId} ${a.planId} ${a.amount}`
            : a.kind === "yuebao_append"
              ? `yuebao_append ${entry.userId} ${a.subscriptionId} ${a.amount}`
              : null;
    if (fingerprint) requested.set(fingerprint, entry);
  }
  const violations: string[] = [];
  for (const [fingerprint, entry] of requested) {
    const count = effects.get(fingerprint) ?? 0;
    if (entry.outcome === "ok" && count !== 1) violations.push(`${fingerprint}: accepted, but ${count} records`);
    if ((entry.outcome === "refused" || entry.outcome === "unsent") && count !== 0)
      violations.push(`${fingerprint}: ${entry.outcome} (${entry.detail}), but ${count} records`);
    if (entry.outcome === "unknown" && count > 1) violations.push(`${fingerprint}: cut off, and ${count} records`);
  }
  for (const [fingerprint, count] of effects) {
    if (!requested.has(fingerprint)) violations.push(`${fingerprint}: ${count} records no request asked for`);
  }
  return violations;
}
