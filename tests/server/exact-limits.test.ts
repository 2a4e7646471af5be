import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { api, type Harness, placeOrder, productId, rid, startHarness } from "./harness";
import { fundedUser, uploadPng } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * Operator limits at their exact value and one step past it: a comparison turned from "over" to "at or over"
 * (or the other way) changes what an operator's number means, and only the boundary shows it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 20 });
});
afterAll(() => h.close());

const ops = async (endpoint: (typeof opsEndpoints)[keyof typeof opsEndpoints], fields: Record<string, string>) =>
  api(h, endpoint, fields, await staff(h));
let accounts = 0;

describe("the oldest quote an order may open on (maxQuoteAgeSeconds)", () => {
  it("opens on a quote exactly that old, and refuses one a second older", async () => {
    const trader = await fundedUser(h, `quoteage${accounts++}`, "1000");
    const btc = productId(h.feed, "BTCUSDT");
    expect(
      (await ops(opsEndpoints.setProductQuoting, { pid: String(btc), requoteToleranceBps: "50", maxQuoteAgeSeconds: "5" })).body.code,
    ).toBe(1);
    await h.advance(1);
    const recorded = h.feed.quote(btc)!.time;
    // the feed records nothing meanwhile: the newest tick ages with the clock
    h.clock.now = recorded + 5;
    expect((await api(h, endpoints.preTradeCheck, { pid: String(btc) }, { token: trader.token })).body.data).toEqual({ allowed: true });
    const atLimit = await placeOrder(h, trader.token, btc);
    expect(atLimit.body).toMatchObject({ code: 1 });
    h.clock.now = recorded + 6;
    expect((await api(h, endpoints.preTradeCheck, { pid: String(btc) }, { token: trader.token })).body.data).toEqual({
      allowed: false,
      reason: "quote_stale",
    });
    expect((await placeOrder(h, trader.token, btc)).body).toMatchObject({ code: 0, err: "quote_stale" });
    await h.advance(1);
  });
});

describe("the two-person threshold (dualApprovalAbove)", () => {
  it("pays out a withdrawal of exactly the threshold on one approval, and holds one a cent over for a second", async () => {
    const at = await fundedUser(h, `twoperson${accounts++}`, "3000");
    const over = await fundedUser(h, `twoperson${accounts++}`, "3000");
    // funded first: their recharges are above the threshold too
    await ops(opsEndpoints.setMoneyRules, { dualApprovalAbove: "1000" });
    try {
      const request = async (who: typeof at, amount: string) =>
        (
          await api(
            h,
            endpoints.withdraw,
            { requestId: rid(), amount, cardId: String(who.cardId), payPassword: who.payPassword },
            { token: who.token },
          )
        ).body.data.id as number;
      const atId = await request(at, "1000.00");
      const overId = await request(over, "1000.01");
      const review = (id: number) => ops(opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" });
      expect((await review(atId)).body).toMatchObject({ code: 1, data: { status: "success", secondApprovalNeeded: false } });
      expect((await review(overId)).body).toMatchObject({ code: 1, data: { status: "review", secondApprovalNeeded: true } });
    } finally {
      await presetMoneyRules(h, { dualApprovalAbove: 0 });
    }
  });

  it("credits a recharge that brings the day's credited total to exactly the threshold on one approval, and holds one a cent over for a second", async () => {
    // each was credited 100 today: a recharge of 1000 makes 1100 for the day
    const exact = await fundedUser(h, `twopersonr${accounts++}`, "100");
    const over = await fundedUser(h, `twopersonr${accounts++}`, "100");
    await ops(opsEndpoints.setMoneyRules, { dualApprovalAbove: "1100" });
    try {
      const recharge = async (customer: typeof exact, amount: string) => {
        const channel = (await api(h, endpoints.rechargeInfo, {}, { token: customer.token })).body.data.channels[0]!.id;
        return (
          await api(
            h,
            endpoints.recharge,
            // one picture backs one recharge: each gets its own
            { requestId: rid(), channelId: String(channel), amount, screenshot: await uploadPng(h, customer.token) },
            { token: customer.token },
          )
        ).body;
      };
      const review = (id: number) => ops(opsEndpoints.reviewRecharge, { id: String(id), decision: "approve" });
      const atTotal = await recharge(exact, "1000.00");
      expect(atTotal.code).toBe(1);
      expect((await review(atTotal.data.id)).body).toMatchObject({ code: 1, data: { status: "success", secondApprovalNeeded: false } });
      const overTotal = await recharge(over, "1000.01");
      expect(overTotal.code).toBe(1);
      expect((await review(overTotal.data.id)).body).toMatchObject({ code: 1, data: { status: "review", secondApprovalNeeded: true } });
    } finally {
      await presetMoneyRules(h, { dualApprovalAbove: 0 });
    }
  });
});
