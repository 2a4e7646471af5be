import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { api, type Harness, rid, startHarness } from "./harness";
import { passRealName } from "./real-name";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * A customer's first withdrawal needs a passed real-name check: money leaves only to someone identified. The
 * rule is on as a new platform has it (the harness turns it off for other files); turning it off loosens a
 * money control, so it waits for a second admin.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ realNameBeforeWithdrawal: true });
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 20 });
});
afterAll(() => h?.close());

const withdraw = (who: FundedUser, amount = "200") =>
  api(h, endpoints.withdraw, { requestId: rid(), amount, cardId: String(who.cardId), payPassword: who.payPassword }, { token: who.token });
const cashOf = async (who: FundedUser) => (await api(h, endpoints.userInfo, {}, { token: who.token })).body.data.cash;

describe("the first withdrawal and the real-name check", () => {
  it("is on by default: an unverified customer's first withdrawal is refused in their language, nothing moves", async () => {
    const customer = await fundedUser(h, "fwrunver1", "1000");
    const rules = (await api(h, endpoints.withdrawalInfo, {}, { token: customer.token })).body.data.rules;
    expect(rules.realNameRequired).toBe(true);
    const before = await cashOf(customer);
    const refused = await withdraw(customer);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 0,
      err: "withdraw_real_name_required",
      msg: "Your first withdrawal needs a passed real-name verification: verify your identity first",
    });
    const german = await api(
      h,
      endpoints.withdraw,
      { requestId: rid(), amount: "200", cardId: String(customer.cardId), payPassword: customer.payPassword },
      { token: customer.token, lang: "de" },
    );
    expect(german.body.err).toBe("withdraw_real_name_required");
    expect(german.body.msg).not.toBe(refused.body.msg);
    expect(await cashOf(customer)).toBe(before);
    const records = (await api(h, endpoints.withdrawRecords, {}, { token: customer.token })).body.data.items;
    expect(records).toEqual([]);
  });

  it("allows the withdrawal once the real name has passed", async () => {
    const customer = await fundedUser(h, "fwrver2", "1000");
    expect((await withdraw(customer)).body.err).toBe("withdraw_real_name_required");
    expect((await passRealName(h, customer.token, "Verified Person")).body.code).toBe(1);
    expect((await api(h, endpoints.withdrawalInfo, {}, { token: customer.token })).body.data.rules.realNameRequired).toBe(false);
    const allowed = await withdraw(customer);
    expect(allowed.body.code, allowed.body.msg).toBe(1);
  });

  it("lets a customer with an approved withdrawal before withdraw again, and anyone once the rule is off", async () => {
    const customer = await fundedUser(h, "fwroff3", "2000");
    await presetMoneyRules(h, { firstWithdrawalNeedsRealName: false });
    try {
      expect((await api(h, endpoints.withdrawalInfo, {}, { token: customer.token })).body.data.rules.realNameRequired).toBe(false);
      const first = await withdraw(customer);
      expect(first.body.code, first.body.msg).toBe(1);
      const finance = await staff(h, "finance", "first-wd-fin");
      const approved = await api(h, opsEndpoints.reviewWithdrawal, { id: String(first.body.data.id), decision: "approve" }, finance);
      expect(approved.body.code, approved.body.msg).toBe(1);
    } finally {
      await presetMoneyRules(h, { firstWithdrawalNeedsRealName: true });
    }
    // the rule is on again; an approved withdrawal before means an operator has already seen this customer
    const again = await withdraw(customer);
    expect(again.body.code, again.body.msg).toBe(1);
  });

  it("is turned off only when a second admin approves: turning it off loosens a money control", async () => {
    const adminA = await staff(h, "admin", "first-wd-admin-a");
    const adminB = await staff(h, "admin", "first-wd-admin-b");
    const proposed = (await api(h, opsEndpoints.setMoneyRules, { firstWithdrawalRealName: "0" }, adminA)).body.data;
    expect(proposed.firstWithdrawalRealName).toBe(true);
    const pending = proposed.pendingChanges.find((change) => change.proposedByName === "first-wd-admin-a")!;
    expect(pending.change).toEqual({ firstWithdrawalRealName: false });
    const customer = await fundedUser(h, "fwrpend4", "1000");
    expect((await withdraw(customer)).body.err).toBe("withdraw_real_name_required");
    const decide = (as: { cookie: string }) =>
      api(h, opsEndpoints.decideMoneyRuleChange, { id: String(pending.id), decision: "approve" }, as);
    expect((await decide(adminA)).body.err).toBe("second_approval_required");
    const applied = (await decide(adminB)).body.data;
    expect(applied).toMatchObject({ firstWithdrawalRealName: false, pendingChanges: [] });
    expect((await withdraw(customer)).body.code).toBe(1);
    // turning it back on tightens: it applies at once, by one admin
    const on = (await api(h, opsEndpoints.setMoneyRules, { firstWithdrawalRealName: "1" }, adminA)).body.data;
    expect(on).toMatchObject({ firstWithdrawalRealName: true, pendingChanges: [] });
  });
});
