import { describe, expect, it } from "vitest";

import type { ServerProcess } from "../e2e/server-process";
import { setMoneyRulesByTwo, twoAdmins } from "../support/ops-people";
import { clusterForSuite } from "./cluster";
import { request as call } from "./process-api";

// Two server processes on one PostgreSQL: identical money POSTs (one requestId) split across both must act
// once. Each process has its own connection pool, so the claims really race inside PostgreSQL: the losers
// wait on the claim's primary key and then read the stored answer.
const OPS = "once-across-processes-ops";
const CONCURRENT = 40;

describe("one requestId across two processes on one PostgreSQL", () => {
  // started together: migrations and first-start seeding must run once, not race
  const suite = clusterForSuite(2, { OPS_TOKEN: OPS, BACKFILL_MINUTE_DAYS: "0.05" });

  const count = async (query: string, values: unknown[]) => (await suite.cluster.sql.query(query, values)).rows[0].n as number;

  it("identical exchanges, withdrawals and card removals sent to both processes act once", async () => {
    const { servers, sql } = suite.cluster;
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const login = await call(a, "POST", "/api/login/index", { account: "demo", password: "demo1234" });
    const demo = { token: login.body.data.token as string };
    const demoId = login.body.data.user.id as number;
    // withdrawals at any hour: a loosening, so the two admins made from the setup code change it (the token may not)
    const [first, second] = await twoAdmins(
      b.baseUrl,
      servers.map((server) => server.dataDir),
      "once",
    );
    await setMoneyRulesByTwo(a.baseUrl, first, second, { window: "00:00-24:00", dailyCount: "50", firstWithdrawalRealName: "0" });
    const addAlipay = (server: ServerProcess, number: string, requestId: string) =>
      call(server, "POST", "/api/user/add_card", { type: "alipay", bankName: "Alipay", number, payPassword: "246810", requestId }, demo);
    const card = await addAlipay(b, "once@example.com", "two-process-card-1");
    expect(card.body.code).toBe(1);
    const spare = await addAlipay(a, "spare@example.com", "two-process-card-2");
    expect(spare.body.code).toBe(1);

    const actions: Array<{ path: string; fields: Record<string, string>; effect: [string, unknown[]] }> = [
      {
        path: "/api/user/exchange",
        fields: { from: "cash", amount: "10", payPassword: "246810", requestId: "two-process-exchange" },
        effect: ["select count(*)::int as n from exchanges where user_id = $1", [demoId]],
      },
      {
        path: "/api/user/cash",
        fields: { amount: "200", cardId: String(card.body.data.id), payPassword: "246810", requestId: "two-process-withdraw" },
        effect: ["select count(*)::int as n from withdrawals where user_id = $1", [demoId]],
      },
      {
        path: "/api/user/del_card",
        fields: { id: String(spare.body.data.id), payPassword: "246810", requestId: "two-process-remove" },
        effect: ["select count(*)::int as n from bank_cards where user_id = $1", [demoId]],
      },
    ];
    for (const action of actions) {
      const effectBefore = await count(...action.effect);
      const ledgerBefore = await count("select count(*)::int as n from ledger where user_id = $1", [demoId]);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => call(i % 2 ? a : b, "POST", action.path, action.fields, demo)),
      );
      const first = answers[0]!;
      expect(first.body.code, `${action.path}: ${JSON.stringify(first.body)}`).toBe(1);
      for (const answer of answers) {
        expect(answer.status, action.path).toBe(200);
        expect(answer.body, action.path).toEqual(first.body);
      }
      const effectAfter = await count(...action.effect);
      expect(Math.abs(effectAfter - effectBefore), action.path).toBe(1);
      const ledgerRows = (await count("select count(*)::int as n from ledger where user_id = $1", [demoId])) - ledgerBefore;
      expect(ledgerRows, action.path).toBe(action.path === "/api/user/del_card" ? 0 : 2);
      expect(
        await count("select count(*)::int as n from request_claims where user_id = $1 and request_id = $2", [
          demoId,
          action.fields.requestId,
        ]),
      ).toBe(1);
    }

    // balances still equal the ledger
    const drift = await sql.query(
      "select u.cash - coalesce(sum(l.delta) filter (where l.account = 'cash'), 0) as cash, u.coin - coalesce(sum(l.delta) filter (where l.account = 'coin'), 0) as coin, u.frozen - coalesce(sum(l.delta) filter (where l.account = 'frozen'), 0) as frozen from users u left join ledger l on l.user_id = u.id where u.id = $1 group by u.id",
      [demoId],
    );
    expect(drift.rows[0]).toEqual({ cash: "0", coin: "0", frozen: "0" });
  });
});
