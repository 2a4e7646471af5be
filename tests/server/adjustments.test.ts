import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { api, type Harness, OPS_TOKEN, registerUser, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";
import { staff } from "./staff";

/**
 * Manual adjustments: one person proposes a credit or debit of a customer's cash, a different person applies
 * or rejects it; applying writes one `adjustment` ledger row, never overdraws, and happens once.
 */
let h: Harness;
let accounts = 0;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const proposer = () => staff(h, "finance", "adjust-fin-a");
const applier = () => staff(h, "admin", "adjust-admin-b");
const wallet = async (token: string) => (await api(h, endpoints.wallet, {}, { token })).body.data;
const propose = async (fields: Record<string, string>, as?: { cookie: string }) =>
  api(h, opsEndpoints.proposeAdjustment, fields, as ?? (await proposer()));
const decide = async (id: number, decision: "apply" | "reject", as?: { cookie: string }, note = "") =>
  api(h, opsEndpoints.decideAdjustment, { id: String(id), decision, note }, as ?? (await applier()));
const reconcileOk = async () => (await api(h, opsEndpoints.reconcile, {}, { "ops-token": OPS_TOKEN })).body.data.ok;
const ledgerOf = async (id: number) =>
  (
    (await h.database.db.execute(
      sql`select account, delta::int as delta, reason from ledger where reference = ${`adjustment:${id}`}`,
    )) as unknown as { rows: unknown[] }
  ).rows;

async function customer(cash = "1000") {
  return fundedUser(h, `adjust${accounts++}`, cash);
}

/** The id of the customer's approved recharge (fundedUser funds with one). */
async function rechargeOf(account: string): Promise<number> {
  const result = (await h.database.db.execute(
    sql`select r.id from recharges r join users u on u.id = r.user_id where u.account = ${account} and r.status = 'success' order by r.id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return Number(result.rows[0]!.id);
}

describe("manual adjustments", () => {
  it("a credit proposed by one person changes nothing until a second applies it: one ledger row, once", async () => {
    const who = await customer();
    const proposed = await propose({ account: who.account, direction: "credit", amount: "25.50", reason: "goodwill for the outage" });
    expect(proposed.body.data).toMatchObject({ status: "pending", amount: "25.50", proposedByName: "adjust-fin-a", corrects: null });
    expect((await wallet(who.token)).cash).toBe("1000.00");
    const pending = (await api(h, opsEndpoints.listAdjustments, {}, await applier())).body.data.items;
    expect(pending[0]).toMatchObject({ id: proposed.body.data.id, account: who.account });
    const applied = await decide(proposed.body.data.id, "apply");
    expect(applied.body.data).toMatchObject({ status: "applied", decidedByName: "adjust-admin-b" });
    expect((await wallet(who.token)).cash).toBe("1025.50");
    expect(await ledgerOf(proposed.body.data.id)).toEqual([{ account: "cash", delta: 2550, reason: "adjustment" }]);
    expect((await decide(proposed.body.data.id, "apply")).body.err).toBe("already_reviewed");
    expect((await decide(proposed.body.data.id, "reject")).body.err).toBe("already_reviewed");
    expect((await wallet(who.token)).cash).toBe("1025.50");
    expect(await reconcileOk()).toBe(true);
  });

  it("refuses the proposer applying or rejecting their own proposal, whichever session they use", async () => {
    const who = await customer();
    const proposed = (await propose({ account: who.account, direction: "credit", amount: "10", reason: "self" })).body.data;
    expect((await decide(proposed.id, "apply", await proposer())).body.err).toBe("second_approval_required");
    expect((await decide(proposed.id, "reject", await proposer())).body.err).toBe("second_approval_required");
    expect((await wallet(who.token)).cash).toBe("1000.00");
  });

  it("a rejection moves nothing and keeps its note", async () => {
    const who = await customer();
    const proposed = (await propose({ account: who.account, direction: "credit", amount: "10", reason: "maybe" })).body.data;
    const rejected = await decide(proposed.id, "reject", undefined, "no evidence");
    expect(rejected.body.data).toMatchObject({ status: "rejected", decisionNote: "no evidence" });
    expect((await wallet(who.token)).cash).toBe("1000.00");
    expect(await ledgerOf(proposed.id)).toEqual([]);
  });

  it("never takes a balance below zero: the debit is refused and stays pending", async () => {
    const who = await customer("100");
    const proposed = (await propose({ account: who.account, direction: "debit", amount: "100.01", reason: "too much" })).body.data;
    expect((await decide(proposed.id, "apply")).body.err).toBe("balance_insufficient");
    expect((await wallet(who.token)).cash).toBe("100.00");
    const listed = (await api(h, opsEndpoints.listAdjustments, { status: "all" }, await applier())).body.data.items.find(
      (row) => row.id === proposed.id,
    );
    expect(listed?.status).toBe("pending");
    const exact = (await propose({ account: who.account, direction: "debit", amount: "100", reason: "all of it" })).body.data;
    expect((await decide(exact.id, "apply")).body.data.status).toBe("applied");
    expect((await wallet(who.token)).cash).toBe("0.00");
    expect(await reconcileOk()).toBe(true);
  });

  it("corrects a wrong credit by a debit naming the recharge, at most the recharge's amount in total", async () => {
    const who = await customer("500");
    const recharge = await rechargeOf(who.account);
    const wrongWay = await propose({ account: who.account, direction: "credit", amount: "10", reason: "x", recharge: String(recharge) });
    expect(wrongWay.body.err).toBe("correction_wrong_direction");
    const first = (
      await propose({ account: who.account, direction: "debit", amount: "300", reason: "paid 200 only", recharge: String(recharge) })
    ).body.data;
    expect(first.corrects).toBe(`recharge:${recharge}`);
    const second = (await propose({ account: who.account, direction: "debit", amount: "250", reason: "again", recharge: String(recharge) }))
      .body.data;
    expect((await decide(first.id, "apply")).body.data.status).toBe("applied");
    // 300 of 500 corrected: 250 more would pass the recharge's own amount
    const over = await decide(second.id, "apply");
    expect(over.body.err).toBe("correction_exceeded");
    expect(over.body.msg).toContain("200.00");
    expect(
      (await propose({ account: who.account, direction: "debit", amount: "200.01", reason: "over", recharge: String(recharge) })).body.err,
    ).toBe("correction_exceeded");
    // naming the recharge's ledger row is naming the recharge: the same cap
    const row = (await h.database.db.execute(
      sql`select id from ledger where reference = ${`recharge:${recharge}`} and reason = 'recharge'`,
    )) as unknown as { rows: Array<{ id: number }> };
    const viaLedger = await propose({
      account: who.account,
      direction: "debit",
      amount: "200.01",
      reason: "over",
      ledger: String(row.rows[0]!.id),
    });
    expect(viaLedger.body.err).toBe("correction_exceeded");
    expect((await wallet(who.token)).cash).toBe("200.00");
    expect(await reconcileOk()).toBe(true);
  });

  it("refuses a correction naming another customer's record, and an unknown customer", async () => {
    const who = await customer();
    const other = await customer();
    const otherRecharge = await rechargeOf(other.account);
    expect(
      (await propose({ account: who.account, direction: "debit", amount: "1", reason: "x", recharge: String(otherRecharge) })).body.err,
    ).toBe("record_not_found");
    expect((await propose({ account: "nobody404", direction: "credit", amount: "1", reason: "x" })).body.err).toBe("user_not_found");
  });

  it("requires a reason, a direction and an amount above zero", async () => {
    const who = await customer();
    expect((await propose({ account: who.account, direction: "credit", amount: "10", reason: " " })).body.err).toBe("field_required");
    expect((await propose({ account: who.account, direction: "sideways", amount: "10", reason: "x" })).body.err).toBe("invalid_input");
    expect((await propose({ account: who.account, direction: "credit", amount: "0", reason: "x" })).body.err).toBe("amount_too_small");
    expect((await propose({ account: who.account, direction: "credit", amount: "-5", reason: "x" })).body.err).toBe("invalid_input");
  });

  it("is for people of finance or admin: the machine token and other roles are refused", async () => {
    const who = await customer();
    const byToken = await api(
      h,
      opsEndpoints.proposeAdjustment,
      { account: who.account, direction: "credit", amount: "1", reason: "token" },
      { "ops-token": OPS_TOKEN },
    );
    expect(byToken.body.err).toBe("ops_person_required");
    const proposed = (await propose({ account: who.account, direction: "credit", amount: "1", reason: "x" })).body.data;
    expect(
      (await api(h, opsEndpoints.decideAdjustment, { id: String(proposed.id), decision: "apply" }, { "ops-token": OPS_TOKEN })).body.err,
    ).toBe("ops_person_required");
    expect((await decide(proposed.id, "apply", await staff(h, "support", "adjust-support"))).body.err).toBe("ops_role_forbidden");
    // a second finance person may apply
    expect((await decide(proposed.id, "apply", await staff(h, "finance", "adjust-fin-c"))).body.data.status).toBe("applied");
  });

  it("shows the customer the adjustment in the funds records with its reason", async () => {
    const account = `adjustfunds${accounts++}`;
    const { token } = await registerUser(h, account, "login123", "fund1234");
    const proposed = (await propose({ account, direction: "credit", amount: "12", reason: "welcome back" })).body.data;
    await decide(proposed.id, "apply");
    const funds = (await api(h, endpoints.funds, { page: "1" }, { token: token! })).body.data;
    expect(funds.items[0]).toMatchObject({ kind: "adjustment", account: "cash", amount: "12.00", note: "welcome back" });
  });
});
