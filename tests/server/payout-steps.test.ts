import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { withdrawals } from "#server/db/schema";

import { api, type Harness, OPS_TOKEN, rid, startHarness } from "./harness";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * After approval a withdrawal waits for its payment: finance marks it paid with the bank's reference or failed
 * with a reason (the money back in cash), exactly once, as a person.
 */
let h: Harness;
let accounts = 0;
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 50, withdrawFeeBps: 100, dualApprovalAbove: 0 });
});
afterAll(() => h?.close());

const finance = () => staff(h, "finance", "payout-fin");
const wallet = async (token: string) => (await api(h, endpoints.wallet, {}, { token })).body.data;
const withdraw = async (who: FundedUser, amount: string) =>
  (
    await api(
      h,
      endpoints.withdraw,
      { requestId: rid(), amount, cardId: String(who.cardId), payPassword: who.payPassword },
      { token: who.token },
    )
  ).body.data.id as number;
const approve = async (id: number) => api(h, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }, await finance());
const markPaid = async (id: number, reference: string, as?: { cookie: string } | { "ops-token": string }) =>
  api(h, opsEndpoints.markWithdrawalPaid, { id: String(id), reference }, as ?? (await finance()));
const markFailed = async (id: number, reason: string, as?: { cookie: string }) =>
  api(h, opsEndpoints.markWithdrawalFailed, { id: String(id), reason }, as ?? (await finance()));
const records = async (who: FundedUser) => (await api(h, endpoints.withdrawRecords, { page: "1" }, { token: who.token })).body.data.items;
const reconcileOk = async () => (await api(h, opsEndpoints.reconcile, {}, { "ops-token": OPS_TOKEN })).body.data.ok;
const newest = async (who: FundedUser) => (await api(h, endpoints.messages, { page: "1" }, { token: who.token })).body.data.items[0];

async function approvedWithdrawal(amount = "200") {
  const customer = await fundedUser(h, `payout${accounts++}`, "1000");
  const id = await withdraw(customer, amount);
  expect((await approve(id)).body.data.status).toBe("success");
  return { customer, id };
}

describe("payout steps", () => {
  it("approval leaves the payment awaiting; marking it paid records the trimmed reference, tells the customer, once", async () => {
    const { customer, id } = await approvedWithdrawal();
    const queue = (await api(h, opsEndpoints.listWithdrawals, { status: "awaiting_payout" }, await finance())).body.data;
    expect(queue.find((row) => row.id === id)).toMatchObject({ status: "success", payoutState: "awaiting", payoutReference: null });
    expect((await records(customer))[0]).toMatchObject({ id, status: "success", payout: "awaiting", payoutAt: null });
    h.clock.now += 60;
    const paid = await markPaid(id, "  BANK-REF-0001  ");
    expect(paid.body.data).toEqual({ id, payoutState: "paid", payoutReference: "BANK-REF-0001", payoutFailure: null, returned: null });
    expect((await records(customer))[0]).toMatchObject({ payout: "paid", payoutAt: h.clock.now });
    expect(await newest(customer)).toMatchObject({ title: "Withdrawal paid" });
    expect((await newest(customer))!.body).toContain("BANK-REF-0001");
    // a second mark either way is refused, and nothing moves
    const cash = (await wallet(customer.token)).cash;
    expect((await markPaid(id, "BANK-REF-0002")).body.err).toBe("payout_already_marked");
    expect((await markFailed(id, "bounced")).body.err).toBe("payout_already_marked");
    expect((await wallet(customer.token)).cash).toBe(cash);
    const listed = (await api(h, opsEndpoints.listWithdrawals, { status: "all" }, await finance())).body.data.find((row) => row.id === id);
    expect(listed).toMatchObject({ payoutState: "paid", payoutReference: "BANK-REF-0001", payoutMarkedByName: "payout-fin" });
    expect(await reconcileOk()).toBe(true);
  });

  it("marking it failed returns the whole amount, fee included, with one ledger row, and says why", async () => {
    const { customer, id } = await approvedWithdrawal("300");
    expect(await wallet(customer.token)).toMatchObject({ cash: "700.00", frozen: "0.00" });
    const paidToday = async () => (await api(h, opsEndpoints.dashboard, {}, await finance())).body.data.today.withdrawals;
    const before = await paidToday();
    const failed = await markFailed(id, "  account closed at the bank ");
    expect(failed.body.data).toMatchObject({ payoutState: "failed", payoutFailure: "account closed at the bank", returned: "300.00" });
    expect(await wallet(customer.token)).toMatchObject({ cash: "1000.00", frozen: "0.00" });
    const rows = await h.database.db.execute(
      sql`select account, delta::int as delta, reason from ledger where reference = ${`withdrawal:${id}`} order by id`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { account: "cash", delta: -30000, reason: "withdrawal_request" },
      { account: "frozen", delta: 30000, reason: "withdrawal_request" },
      { account: "frozen", delta: -30000, reason: "withdrawal_paid" },
      { account: "cash", delta: 30000, reason: "withdrawal_returned" },
    ]);
    expect((await records(customer))[0]).toMatchObject({ payout: "failed", payoutFailure: "account closed at the bank" });
    expect(await newest(customer)).toMatchObject({ title: "Withdrawal failed" });
    expect((await markFailed(id, "again")).body.err).toBe("payout_already_marked");
    expect(await wallet(customer.token)).toMatchObject({ cash: "1000.00" });
    // the day's withdrawals on the dashboard leave out what came back: what would have left (the net) and its fee
    const after = await paidToday();
    const [asked] = await h.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(after.count).toBe(before.count - 1);
    expect(Number(after.total)).toBeCloseTo(Number(before.total) - asked!.actual / 100, 2);
    expect(Number(after.fee)).toBeCloseTo(Number(before.fee) - asked!.fee / 100, 2);
    expect(await reconcileOk()).toBe(true);
  });

  it("refuses a mark on a withdrawal that is not approved", async () => {
    const customer = await fundedUser(h, `payout${accounts++}`, "1000");
    const waiting = await withdraw(customer, "100");
    expect((await markPaid(waiting, "REF-WAITING")).body.err).toBe("payout_not_approved");
    expect((await markFailed(waiting, "no")).body.err).toBe("payout_not_approved");
    const rejected = await withdraw(customer, "100");
    await api(h, opsEndpoints.reviewWithdrawal, { id: String(rejected), decision: "reject", reason: "no" }, await finance());
    expect((await markFailed(rejected, "no")).body.err).toBe("payout_not_approved");
    expect((await markPaid(999999, "REF-NONE")).body.err).toBe("record_not_found");
    expect(await wallet(customer.token)).toMatchObject({ cash: "900.00" });
  });

  it("keeps one bank reference to one payment on a channel", async () => {
    const first = await approvedWithdrawal();
    const second = await approvedWithdrawal();
    expect((await markPaid(first.id, "DUP-REF-1")).body.code).toBe(1);
    const dup = await markPaid(second.id, " DUP-REF-1 ");
    expect(dup.body.err).toBe("payout_reference_used");
    expect(dup.status).toBe(409);
    // the refused mark left the payment awaiting
    expect((await markPaid(second.id, "DUP-REF-2")).body.data.payoutState).toBe("paid");
  });

  it("requires the reference and the reason, at most 64 characters of reference", async () => {
    const { id } = await approvedWithdrawal();
    expect((await markPaid(id, "   ")).body.err).toBe("field_required");
    expect((await markPaid(id, "R".repeat(65))).body.err).toBe("field_too_long");
    expect((await markFailed(id, "")).body.err).toBe("field_required");
    expect((await markPaid(id, "R".repeat(64))).body.code).toBe(1);
  });

  it("is a person's step: the machine token is refused", async () => {
    const { id } = await approvedWithdrawal();
    const byToken = await markPaid(id, "TOKEN-REF", { "ops-token": OPS_TOKEN });
    expect(byToken.status).toBe(403);
    expect(byToken.body.err).toBe("ops_person_required");
    const byTokenFailed = await api(h, opsEndpoints.markWithdrawalFailed, { id: String(id), reason: "x" }, { "ops-token": OPS_TOKEN });
    expect(byTokenFailed.body.err).toBe("ops_person_required");
  });

  it("audits each mark with its withdrawal as target", async () => {
    const { id } = await approvedWithdrawal();
    await markPaid(id, "AUDITED-REF");
    const audit = (await api(h, opsEndpoints.auditLog, { action: "POST /api/ops/withdrawal/paid" }, await staff(h, "admin"))).body.data;
    expect(audit.map((row) => `${row.actor} ${row.target}`)).toContain(`payout-fin withdrawal:${id}`);
  });
});
