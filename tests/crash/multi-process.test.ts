import { describe, expect, it } from "vitest";

import type { ServerProcess } from "../e2e/server-process";
import { clusterForSuite } from "./cluster";
import { call, isLeader as leaderFlag, sleep, waitFor } from "./process-api";
import { settledOnceViolations } from "./settled-once";

// Two server processes on one PostgreSQL, as behind a reverse proxy: sessions work on either, exactly one
// runs the jobs (advisory lock), and when it is killed the other takes over and every order settles once.
const OPS = "multi-process-ops";

const isLeader = (server: ServerProcess) => leaderFlag(server, OPS);

describe("several processes on one PostgreSQL", () => {
  // started together: migrations and first-start seeding must run once, not race
  const suite = clusterForSuite(2, { OPS_TOKEN: OPS, BACKFILL_MINUTE_DAYS: "0.05" });

  it("shares sessions, elects one job runner, fails over on SIGKILL and settles every order exactly once", async () => {
    const { servers, sql } = suite.cluster;
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect((await sql.query("select count(*)::int as n from users where account = 'demo'")).rows[0].n).toBe(1);
    expect((await sql.query("select count(*)::int as n from products where code = 'BTCUSDT'")).rows[0].n).toBe(1);

    // exactly one leader
    const leaders = await waitFor(
      "a leader",
      async () => {
        const flags = await Promise.all([isLeader(a), isLeader(b)]);
        return flags.some(Boolean) && flags;
      },
      10_000,
    );
    expect(leaders.filter(Boolean)).toHaveLength(1);
    const leader = leaders[0] ? a : b;
    const follower = leader === a ? b : a;

    // register through one process (its SMS code read through the other), use the token on both
    const phone = "13700001234";
    expect((await call(a, "POST", "/api/login/sendsms", { phone })).code).toBe(1);
    const outbox = await call(b, "GET", "/api/ops/sms", { phone }, { "ops-token": OPS });
    const registered = await call(a, "POST", "/api/login/reg", {
      account: "multiproc1",
      password: "secret123",
      password2: "secret123",
      payPassword: "pay12345",
      payPassword2: "pay12345",
      eligible: "1",
      phone,
      smsCode: outbox.data[0].code,
      inviteCode: "DEMO88",
    });
    expect(registered.code).toBe(1);
    const newcomer = { token: registered.data.token as string };
    expect((await call(b, "GET", "/api/user/index", {}, newcomer)).data.account).toBe("multiproc1");
    expect((await call(a, "GET", "/api/user/index", {}, newcomer)).data.account).toBe("multiproc1");
    const login = await call(b, "POST", "/api/login/index", { account: "demo", password: "demo1234" });
    const demo = { token: login.data.token as string };
    expect((await call(a, "GET", "/api/user/index", {}, demo)).data.account).toBe("demo");

    // orders on both processes: each open price is a tick the leader recorded, never the follower's own
    const btc = (await call(follower, "GET", "/api/index/ajaxdata", { market: "crypto" })).data.find(
      (p: { code: string }) => p.code === "BTCUSDT",
    ).id as number;
    const accepted: number[] = [];
    let sequence = 0;
    const place = async (server: ServerProcess) => {
      const answer = await call(
        server,
        "POST",
        "/api/user/addorder",
        {
          pid: String(btc),
          direction: sequence % 2 ? "up" : "down",
          seconds: "30",
          amount: "10",
          requestId: `multi-process-${sequence++}`,
        },
        demo,
      );
      if (answer.code === 1) accepted.push(answer.data.id);
      // the only acceptable refusals come while no process records the feed (during failover): a stale quote, or
      // a second the new leader's first commitment does not cover yet
      else expect(["quote_stale", "feed_uncommitted"]).toContain(answer.err);
      return answer;
    };
    // on a loaded machine the leader's one-second recording can fall behind for a moment: try again then
    const placeAccepted = async (server: ServerProcess) => {
      for (let attempt = 0; attempt < 40; attempt++) {
        if ((await place(server)).code === 1) return;
        await sleep(250);
      }
      throw new Error("no order accepted in 10 s: nobody records the feed");
    };
    for (let i = 0; i < 6; i++) {
      await placeAccepted(a);
      await placeAccepted(b);
      await sleep(250);
    }
    const opened = await sql.query(
      `select count(*)::int as n from orders o join ticks t on t.product_id = o.product_id and t.time = o.open_tick_time and t.price = o.open_price where o.id = any($1)`,
      [accepted],
    );
    expect(opened.rows[0].n).toBe(accepted.length);

    // kill the leader outright: no shutdown, its lock connection just dies
    const killedAt = Date.now();
    leader.child.kill("SIGKILL");
    await leader.exited;
    // about a second (printed); the 30 s bound fails a follower that never takes over, not a slow machine
    await waitFor("the follower to take over", () => isLeader(follower), 30_000);
    const failoverMs = Date.now() - killedAt;
    // trading goes on through the survivor once its quotes are fresh again
    await waitFor("a fresh quote on the new leader", async () => (await place(follower)).code === 1, 30_000);
    for (let i = 0; i < 4; i++) {
      await placeAccepted(follower);
      await sleep(250);
    }

    // every accepted order settles or is void (30 s orders, then the reveal of their exit minute: up to a minute and
    // the grace), and exactly once
    await waitFor(
      "every order to settle",
      async () => {
        const { rows } = await sql.query(`select count(*)::int as n from orders where status = 'holding'`);
        return rows[0].n === 0;
      },
      120_000,
    );
    const { rows: orders } = await sql.query(`select id from orders order by id`);
    expect(orders.map((order) => order.id).sort((x, y) => x - y)).toEqual([...accepted].sort((x, y) => x - y));
    expect(await settledOnceViolations(sql)).toEqual([]);
    const reconcile = await call(follower, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS });
    expect(reconcile.data).toMatchObject({ ok: true, drift: [] });
    console.log(`failover in ${failoverMs} ms; ${accepted.length} orders settled once each`);
  }, 200_000);
});
