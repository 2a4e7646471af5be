import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { api, type Harness, OPS_TOKEN, rid, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * The two-person rule as it was beaten: the threshold set to 0 by the operator it checks, three withdrawals
 * just under it paid alone, and a first approval in the console finished with the shared token.
 */
let h: Harness;
let accounts = 0;
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 20 });
});
afterAll(() => h?.close());

const token = { "ops-token": OPS_TOKEN };
const withdraw = async (who: Awaited<ReturnType<typeof fundedUser>>, amount: string) =>
  (
    await api(
      h,
      endpoints.withdraw,
      { requestId: rid(), amount, cardId: String(who.cardId), payPassword: who.payPassword },
      { token: who.token },
    )
  ).body.data.id as number;

describe("the two-person threshold", () => {
  it("counts the customer's paid total of the day: three withdrawals of 999 under 1 000 are not paid alone", async () => {
    const customer = await fundedUser(h, `split${accounts++}`, "3000");
    await presetMoneyRules(h, { dualApprovalAbove: 1000_00 });
    try {
      const finance = await staff(h, "finance", "split-fin-a");
      const [first, second, third] = [await withdraw(customer, "999"), await withdraw(customer, "999"), await withdraw(customer, "999")];
      const approve = (id: number, as = finance) => api(h, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }, as);
      expect((await approve(first!)).body.data).toMatchObject({ status: "success", secondApprovalNeeded: false });
      // 999 paid today + 999 is above 1 000: the queue says so, and one approval only records itself
      const queue = (await api(h, opsEndpoints.listWithdrawals, {}, finance)).body.data.items;
      expect(queue.find((row) => row.id === second)).toMatchObject({ needsTwoApprovals: true, firstApprovedBy: null });
      expect((await approve(second!)).body.data).toMatchObject({ status: "review", secondApprovalNeeded: true });
      expect((await approve(second!)).body.err).toBe("second_approval_required");
      const other = await staff(h, "finance", "split-fin-b");
      expect((await approve(second!, other)).body.data).toMatchObject({ status: "success" });
      expect((await approve(third!)).body.data).toMatchObject({ secondApprovalNeeded: true });
      const listed = (await api(h, opsEndpoints.listWithdrawals, {}, other)).body.data.items.find((row) => row.id === third);
      expect(listed).toMatchObject({ needsTwoApprovals: true, firstApprovedByName: "split-fin-a" });
    } finally {
      await presetMoneyRules(h, { dualApprovalAbove: 0 });
    }
  });

  it("takes two people whatever channel each used: the same person signed in twice is one person", async () => {
    const customer = await fundedUser(h, `channels${accounts++}`, "3000");
    await presetMoneyRules(h, { dualApprovalAbove: 1000_00 });
    try {
      const id = await withdraw(customer, "1500");
      const console = await staff(h, "finance", "two-channels");
      // a second session of the same person, as the CLI's `login` makes one
      h.clock.now += 11 * 60;
      const cli = await staff(h, "finance", "two-channels");
      expect(cli.cookie).not.toBe(console.cookie);
      expect((await api(h, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }, console)).body.data).toMatchObject({
        secondApprovalNeeded: true,
      });
      expect((await api(h, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }, cli)).body.err).toBe(
        "second_approval_required",
      );
      // and the machine token is nobody: it cannot give the second approval either
      const byToken = await api(h, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }, token);
      expect(byToken.status).toBe(403);
      expect(byToken.body.err).toBe("ops_person_required");
    } finally {
      await presetMoneyRules(h, { dualApprovalAbove: 0 });
    }
  });
});

describe("the machine token", () => {
  it("reads and runs reports, but cannot approve, reject, move money or change the money rules", async () => {
    for (const endpoint of [opsEndpoints.listWithdrawals, opsEndpoints.moneyRules, opsEndpoints.reconcile, opsEndpoints.risk])
      expect((await api(h, endpoint, {}, token)).body.code).toBe(1);
    const customer = await fundedUser(h, `tokenless${accounts++}`, "1000");
    const id = await withdraw(customer, "200");
    for (const [endpoint, fields] of [
      [opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }],
      [opsEndpoints.reviewWithdrawal, { id: String(id), decision: "reject", reason: "no" }],
      [opsEndpoints.reviewRecharge, { id: "1", decision: "approve" }],
      [opsEndpoints.setMoneyRules, { dualApprovalAbove: "0" }],
      [opsEndpoints.decideMoneyRuleChange, { id: "1", decision: "approve" }],
      [opsEndpoints.setChannel, { type: "bank", name: "x", account: "1" }],
      [opsEndpoints.addOperator, { username: "minted", role: "admin" }],
    ] as const) {
      const refused = await api(h, endpoint, fields, token);
      expect(refused.body.err, endpoint.path).toBe("ops_person_required");
    }
    expect((await api(h, opsEndpoints.listWithdrawals, {}, token)).body.data.items.find((row) => row.id === id)?.status).toBe("review");
  });
});

describe("loosening a money control", () => {
  it("waits for a second, different admin; tightening applies at once", async () => {
    await presetMoneyRules(h, { dualApprovalAbove: 1000_00, withdrawFeeBps: 100 });
    const finance = await staff(h, "finance", "loosen-fin");
    const adminA = await staff(h, "admin", "loosen-admin-a");
    const adminB = await staff(h, "admin", "loosen-admin-b");
    // the operator the rule checks sets it to 0: nothing changes yet
    const proposed = (await api(h, opsEndpoints.setMoneyRules, { dualApprovalAbove: "0", withdrawFeeRate: "0.02" }, finance)).body.data;
    expect(proposed).toMatchObject({ dualApprovalAbove: "1000.00", withdrawFeeRate: "0.02" });
    expect(proposed.pendingChanges).toEqual([
      expect.objectContaining({ change: { dualApprovalAbove: "0.00" }, proposedByName: "loosen-fin" }),
    ]);
    const pending = proposed.pendingChanges[0]!;
    const decide = (as: { cookie: string }, decision = "approve") =>
      api(h, opsEndpoints.decideMoneyRuleChange, { id: String(pending.id), decision }, as);
    // finance cannot decide, nor can the proposer (here an admin proposes a lower fee and tries to approve it)
    expect((await decide(finance)).body.err).toBe("ops_role_forbidden");
    const lowerFee = (await api(h, opsEndpoints.setMoneyRules, { withdrawFeeRate: "0.005" }, adminA)).body.data;
    expect(lowerFee.withdrawFeeRate).toBe("0.02");
    const feeChange = lowerFee.pendingChanges.find((change) => change.proposedByName === "loosen-admin-a")!;
    expect((await api(h, opsEndpoints.decideMoneyRuleChange, { id: String(feeChange.id), decision: "approve" }, adminA)).body.err).toBe(
      "second_approval_required",
    );
    expect((await api(h, opsEndpoints.decideMoneyRuleChange, { id: String(feeChange.id), decision: "reject" }, adminB)).body.code).toBe(1);
    // a different admin approves the threshold change: now it applies, once
    const applied = (await decide(adminA)).body.data;
    expect(applied).toMatchObject({ dualApprovalAbove: "0.00", withdrawFeeRate: "0.02", pendingChanges: [] });
    expect((await decide(adminB)).body.err).toBe("already_reviewed");
    // each decision is in the audit log, and so is finance's refused try
    const audit = (await api(h, opsEndpoints.auditLog, { action: "POST /api/ops/money-rules/decide" }, adminB)).body.data.items;
    expect(audit.map((row) => `${row.actor} ${row.target}`)).toEqual(
      expect.arrayContaining([`loosen-admin-a money-rule-change:${pending.id}`, `loosen-admin-b money-rule-change:${feeChange.id}`]),
    );
    expect(audit.map((row) => row.actor)).toContain("loosen-fin");
  });

  it("treats a wider withdrawal window, a higher cap or daily count as loosening, a narrower one as tightening", async () => {
    await presetMoneyRules(h, { windowStart: "09:00", windowEnd: "21:00", dailyCount: 3, withdrawMax: 4999_00 });
    const finance = await staff(h, "finance", "window-fin");
    const narrowed = (await api(h, opsEndpoints.setMoneyRules, { window: "10:00-20:00", dailyCount: "2" }, finance)).body.data;
    expect(narrowed).toMatchObject({ window: "10:00-20:00", dailyCount: 2 });
    const widened = (await api(h, opsEndpoints.setMoneyRules, { window: "08:00-20:00", dailyCount: "5", withdrawMax: "9000" }, finance))
      .body.data;
    expect(widened).toMatchObject({ window: "10:00-20:00", dailyCount: 2, withdrawMax: "4999.00" });
    expect(widened.pendingChanges.at(-1)?.change).toEqual({ window: "08:00-20:00", dailyCount: 5, withdrawMax: "9000.00" });
  });
});
