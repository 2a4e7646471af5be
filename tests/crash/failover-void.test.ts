import { describe, expect, it } from "vitest";

import type { ServerProcess } from "../e2e/server-process";
import { clusterForSuite } from "./cluster";
import { call, isLeader as leaderFlag, sleep, waitFor } from "./process-api";
import { settledOnceViolations } from "./settled-once";

// Two server processes on one PostgreSQL; the leader (the only holder of the unrevealed seeds) is SIGKILLed
// with orders open. The survivor takes over and marks the dead leader's commitments lost: every order whose
// exit (or entry) falls in a minute whose seed died is void and refunded exactly once, no order settles on a
// tick without a commitment published before it was accepted, and the books reconcile.
const OPS = "failover-void-ops";

const isLeader = (server: ServerProcess) => leaderFlag(server, OPS);

describe("a leader killed with open orders, on PostgreSQL with two processes", () => {
  const suite = clusterForSuite(2, { OPS_TOKEN: OPS });

  it("voids and refunds once every order whose seed died with the leader, and settles nothing on an uncommitted tick", async () => {
    const { servers, sql } = suite.cluster;
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const flags = await waitFor(
      "a leader",
      async () => {
        const both = await Promise.all([isLeader(a), isLeader(b)]);
        return both.some(Boolean) && both;
      },
      15_000,
    );
    const leader = flags[0] ? a : b;
    const follower = leader === a ? b : a;
    const login = await call(follower, "POST", "/api/login/index", { account: "demo", password: "demo1234" });
    const demo = { token: login.data.token as string };
    const btc = (await call(follower, "GET", "/api/index/ajaxdata", { market: "crypto" })).data.find(
      (p: { code: string }) => p.code === "BTCUSDT",
    ).id as number;
    const cashBefore = Number((await call(follower, "GET", "/api/user/index", {}, demo)).data.cash);

    let sequence = 0;
    /** An order placed through `server`, tried again while the feed is stale or not yet committed. */
    const placeAccepted = async (server: ServerProcess, seconds: string) => {
      for (let attempt = 0; attempt < 120; attempt++) {
        const answer = await call(
          server,
          "POST",
          "/api/user/addorder",
          { pid: String(btc), direction: sequence % 2 ? "up" : "down", seconds, amount: "10", requestId: `failover-void-${sequence++}` },
          demo,
        );
        if (answer.code === 1) return answer.data.id as number;
        // while no process records the feed, or before the new leader's first commitment, orders are refused
        expect(["quote_stale", "feed_uncommitted"]).toContain(answer.err);
        await sleep(250);
      }
      throw new Error("no order accepted in 30 s");
    };

    // open orders through both processes, their exit minutes committed by the leader about to die
    const doomed: number[] = [];
    for (let i = 0; i < 3; i++) {
      doomed.push(await placeAccepted(a, "60"));
      doomed.push(await placeAccepted(b, "60"));
    }
    const { rows: beforeKill } = await sql.query(`select count(*)::int as n from orders where status <> 'holding'`);
    expect(beforeKill[0].n).toBe(0);

    leader.child.kill("SIGKILL");
    await leader.exited;
    await waitFor("the follower to take over", () => isLeader(follower), 30_000);

    // the dead leader's unrevealed commitments are lost (once the new leader's first round has run), the exit
    // minutes of the open orders among them
    const lostExits = await waitFor(
      "the dead leader's commitments marked lost",
      async () => {
        const { rows } = await sql.query(
          `select o.id from orders o where o.id = any($1)
             and exists (select 1 from fair_commitments c where c.minute = o.expires_at / 60 and c.lost and c.created_at < o.open_time)`,
          [doomed],
        );
        return rows.length === doomed.length && rows;
      },
      30_000,
    );
    expect(lostExits.map((row) => row.id as number).sort((x, y) => x - y)).toEqual([...doomed].sort((x, y) => x - y));

    // trading goes on through the survivor under its own commitments: these settle as usual
    const afterwards: number[] = [];
    for (let i = 0; i < 3; i++) afterwards.push(await placeAccepted(follower, "30"));

    await waitFor(
      "every order to settle or void",
      async () => (await sql.query(`select count(*)::int as n from orders where status = 'holding'`)).rows[0].n === 0,
      // each result waits for its exit minute's reveal (up to a minute and the grace after its 30 or 60 s)
      180_000,
    );
    const { rows: orders } = await sql.query(`select id, status, void_reason from orders order by id`);
    const statusOf = new Map(
      orders.map((order) => [order.id as number, `${order.status}${order.void_reason ? `:${order.void_reason}` : ""}`]),
    );
    for (const id of doomed) expect(statusOf.get(id), `order ${id}`).toBe("void:uncommitted");
    for (const id of afterwards) expect(statusOf.get(id), `order ${id}`).toBe("closed");

    // no closed order was decided by a tick nobody committed to before the order was accepted
    const { rows: unfair } = await sql.query(`
      select o.id from orders o
      join ticks e on e.product_id = o.product_id and e.time = o.open_tick_time
      left join ticks x on x.product_id = o.product_id and x.time = o.close_tick_time
      where o.status = 'closed' and (
        e.uncommitted or x.uncommitted is distinct from false
        or not exists (select 1 from fair_commitments c
                       where c.minute = e.time / 60 and not c.lost and c.created_at < e.time)
        or not exists (select 1 from fair_commitments c
                       where c.minute = x.time / 60 and not c.lost and c.created_at < o.open_time and c.created_at < x.time))`);
    expect(unfair).toEqual([]);

    // each void order's stake and fee came back in one ledger row, each closed order paid once
    expect(await settledOnceViolations(sql)).toEqual([]);
    const { rows: refunds } = await sql.query(
      `select count(*)::int as n, coalesce(sum(delta), 0)::bigint as total from ledger where reason = 'order_void' and reference = any($1)`,
      [doomed.map((id) => `order:${id}`)],
    );
    expect(refunds[0].n).toBe(doomed.length);
    const { rows: charged } = await sql.query(`select coalesce(sum(amount + fee), 0)::bigint as total from orders where id = any($1)`, [
      doomed,
    ]);
    expect(Number(refunds[0].total)).toBe(Number(charged[0].total));
    const { rows: settledNet } = await sql.query(
      `select coalesce(sum(coalesce(payout, 0) - amount - fee), 0)::bigint as net from orders where id = any($1)`,
      [afterwards],
    );
    const cashAfter = Number((await call(follower, "GET", "/api/user/index", {}, demo)).data.cash);
    // cash is in display units (two decimals): the doomed orders left no trace, the later ones their net
    expect(Math.round(cashAfter * 100)).toBe(Math.round(cashBefore * 100) + Number(settledNet[0].net));

    const voids = await call(follower, "GET", "/api/fair/voids", {
      from: String(Math.floor(Date.now() / 1000) - 86_400),
      to: String(Math.floor(Date.now() / 1000)),
    });
    expect(
      voids.data
        .filter((day: { reason: string }) => day.reason === "uncommitted")
        .reduce((sum: number, day: { count: number }) => sum + day.count, 0),
    ).toBe(doomed.length);
    const reconcile = await call(follower, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS });
    expect(reconcile.data).toMatchObject({ ok: true, drift: [] });
  }, 300_000);
});
