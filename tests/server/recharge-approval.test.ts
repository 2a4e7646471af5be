import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateMoneySettings } from "#server/modules/money/settings";

import { OPS_TOKEN } from "./harness";
import { addOperator, type OpsSite, pendingRecharge, pgliteSite, postgresSite, send, signedIn, tally } from "./ops-sites";

/**
 * A recharge is money minted on the word of a screenshot: one finance operator approved 1 000 000 U.
 * Now no operator may approve above the recharge cap, and above the two-person amount a second, different
 * operator credits. Races of approvals credit once, on PGlite and on PostgreSQL with two pools.
 */
describe.each([
  ["PGlite", pgliteSite],
  ["PostgreSQL, two pools", postgresSite],
] as const)("recharge approval, %s", (_name, start) => {
  let site: OpsSite;
  const cookies: string[] = [];
  const token = { "ops-token": OPS_TOKEN };
  beforeAll(async () => {
    site = await start();
    for (const name of ["fin-a", "fin-b", "fin-c"]) cookies.push(await signedIn(site, await addOperator(site, name, "finance")));
    const rules = await send(app(0), "POST", "/api/ops/money-rules", { dualApprovalAbove: "500" }, { headers: { cookie: cookies[2]! } });
    expect(rules.body.code, rules.body.msg).toBe(1);
  }, 120_000);
  afterAll(() => site?.close());

  const app = (i: number) => site.apps[i % site.apps.length]!;
  const review = (who: number, id: number, decision = "approve") =>
    send(
      app(who),
      "POST",
      "/api/ops/recharge/review",
      { id: String(id), decision, reason: "checked" },
      {
        headers: { cookie: cookies[who]! },
      },
    );
  const credits = async (id: number) => {
    const result = (await site.db.execute(
      sql`select count(*)::int as n, coalesce(sum(delta), 0)::bigint as total from ledger where reference = ${`recharge:${id}`}`,
    )) as unknown as { rows: Array<{ n: number; total: string | number }> };
    return { rows: result.rows[0]!.n, cents: Number(result.rows[0]!.total) };
  };

  it("refuses any approval above the recharge cap (100 000 by default), which finance may lower", async () => {
    expect((await send(app(0), "GET", "/api/ops/money-rules", {}, { headers: token })).body.data.rechargeApproveMax).toBe("100000.00");
    const huge = await pendingRecharge(site, 1_000_000_00);
    for (const who of [0, 1]) {
      const answer = await review(who, huge);
      expect(answer.body.err).toBe("amount_too_large");
      expect(answer.body.msg).toContain("100,000.00\u00a0U");
    }
    expect(await credits(huge)).toEqual({ rows: 0, cents: 0 });
    // refusing it is still possible
    expect((await review(0, huge, "reject")).body.data.status).toBe("failed");
    const rules = await send(app(1), "POST", "/api/ops/money-rules", { rechargeApproveMax: "2000" }, { headers: { cookie: cookies[0]! } });
    expect(rules.body.data.rechargeApproveMax).toBe("2000.00");
    const middling = await pendingRecharge(site, 3_000_00);
    const listed = (await send(app(0), "GET", "/api/ops/recharges", {}, { headers: { cookie: cookies[1]! } })).body.data.items;
    expect(listed.find((row: { id: number }) => row.id === middling)).toMatchObject({ aboveCap: true, needsTwoApprovals: true });
    expect((await review(1, middling)).body.err).toBe("amount_too_large");
    // a cap of nothing is refused
    expect(
      (await send(app(0), "POST", "/api/ops/money-rules", { rechargeApproveMax: "0" }, { headers: { cookie: cookies[0]! } })).body.err,
    ).toBe("invalid_input");
    // raising the cap back loosens it: set straight, as a second admin's approval would (two-person.test.ts)
    await updateMoneySettings(site.db, { rechargeApproveMax: 100_000_00 });
  });

  it("credits a recharge above the two-person amount only on a second, different operator's approval", async () => {
    const small = await pendingRecharge(site, 400_00);
    expect((await review(0, small)).body.data).toMatchObject({ status: "success", secondApprovalNeeded: false });
    expect(await credits(small)).toEqual({ rows: 1, cents: 400_00 });
    const large = await pendingRecharge(site, 600_00);
    expect((await review(0, large)).body.data).toMatchObject({ status: "review", secondApprovalNeeded: true });
    expect(await credits(large)).toEqual({ rows: 0, cents: 0 });
    // the same operator again, on either process, is not a second person
    for (let i = 0; i < 2; i++) {
      const again = await send(
        app(i),
        "POST",
        "/api/ops/recharge/review",
        { id: String(large), decision: "approve" },
        {
          headers: { cookie: cookies[0]! },
        },
      );
      expect(again.body.err).toBe("second_approval_required");
    }
    expect((await review(1, large)).body.data).toMatchObject({ status: "success", secondApprovalNeeded: false });
    expect(await credits(large)).toEqual({ rows: 1, cents: 600_00 });
    expect((await review(2, large)).body.err).toBe("already_reviewed");
  });

  it("counts two racing first approvals once, and of two racing second approvals credits once", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await pendingRecharge(site, 700_00);
      const firsts = await Promise.all([review(0, id), review(1, id)]);
      // one of them is the first approval; the other is refused or (having seen it) is the second
      expect(firsts.filter((answer) => answer.body.data?.secondApprovalNeeded === true)).toHaveLength(1);
      const before = await credits(id);
      expect(before.rows).toBeLessThanOrEqual(1);
      const seconds = await Promise.all([review(1, id), review(2, id), review(2, id)]);
      const all = tally([...firsts, ...seconds]);
      expect(await credits(id)).toEqual({ rows: 1, cents: 700_00 });
      expect(all.ok).toBeGreaterThanOrEqual(2);
    }
  });
});
