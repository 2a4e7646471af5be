import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ServerProcess } from "../e2e/server-process";
import { type Cluster, startCluster } from "./cluster";
import { call, isLeader as leaderFlag, sleep, waitFor } from "./process-api";

// Two server processes on one PostgreSQL: the follower quotes and opens orders at the leader's newest price
// (it hears each recorded second at once instead of reading the feed back once a second), and one account's
// burst of orders neither starves the leader's job round nor ends in stale-quote refusals.
const OPS = "quote-freshness-ops";
const nowSeconds = () => Math.floor(Date.now() / 1000);

const isLeader = (server: ServerProcess) => leaderFlag(server, OPS);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

describe("quotes on a follower and under one account's burst (PostgreSQL, two processes)", () => {
  let cluster: Cluster;
  let servers: ServerProcess[] = [];
  let sql: pg.Client;
  let leader: ServerProcess;
  let follower: ServerProcess;
  let btc: number;
  const quoteTime = async (server: ServerProcess) =>
    (await call(server, "GET", "/api/index/ajaxpro", { pids: String(btc) })).data[0].time as number;
  const login = async (server: ServerProcess) => ({
    token: (await call(server, "POST", "/api/login/index", { account: "demo", password: "demo1234" })).data.token as string,
  });

  beforeAll(async () => {
    // started together: migrations and first-start seeding must run once, not race
    cluster = await startCluster(2, { OPS_TOKEN: OPS, BACKFILL_MINUTE_DAYS: "0.05", RATE_LIMIT_SCALE: "100" });
    ({ servers, sql } = cluster);
    const flags = await waitFor(
      "a leader",
      async () => {
        const found = await Promise.all(servers.map(isLeader));
        return found.some(Boolean) && found;
      },
      10_000,
    );
    leader = flags[0] ? servers[0]! : servers[1]!;
    follower = leader === servers[0] ? servers[1]! : servers[0]!;
    btc = (await call(follower, "GET", "/api/index/ajaxdata", { market: "crypto" })).data.find(
      (p: { code: string }) => p.code === "BTCUSDT",
    ).id as number;
    // cash for every order below, booked through the ledger as a deposit would be
    await sql.query(
      `insert into ledger (user_id, account, delta, reason, reference) select id, 'cash', 10000000, 'recharge', 'test' from users where account = 'demo'`,
    );
    await sql.query(`update users set cash = cash + 10000000 where account = 'demo'`);
  }, 90_000);
  afterAll(() => cluster?.stop());

  it("a follower learns each new tick the leader records (how soon is printed), and opens orders at it", async () => {
    // both processes polled side by side: when each first shows every new second
    const seen = [new Map<number, number>(), new Map<number, number>()] as const;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const [onLeader, onFollower] = await Promise.all([quoteTime(leader), quoteTime(follower)]);
      const at = performance.now();
      if (!seen[0].has(onLeader)) seen[0].set(onLeader, at);
      if (!seen[1].has(onFollower)) seen[1].set(onFollower, at);
      await sleep(20);
    }
    // the first second of each map may have been there before polling began
    const delays = [...seen[0]].slice(1).flatMap(([time, atLeader]) => {
      const atFollower = seen[1].get(time);
      return atFollower === undefined ? [] : [Math.max(0, atFollower - atLeader)];
    });
    const missed = seen[0].size - 1 - delays.length;
    console.log(
      `follower behind the leader over ${delays.length} new seconds: median ${quantile(delays, 0.5).toFixed(0)} ms, ` +
        `p90 ${quantile(delays, 0.9).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms; seconds the follower never showed: ${missed}`,
    );
    // how far behind is printed above, not asserted (npm run bench): the follower must only keep following
    expect(delays.length).toBeGreaterThanOrEqual(3);

    const demo = await login(follower);
    const placed: Array<{ id: number; leaderTime: number }> = [];
    for (let i = 0; i < 12; i++) {
      const leaderTime = await quoteTime(leader);
      const answer = await call(
        follower,
        "POST",
        "/api/user/addorder",
        { pid: String(btc), direction: i % 2 ? "up" : "down", seconds: "30", amount: "10", requestId: `fresh-order-${i}` },
        demo,
      );
      expect(answer.code, JSON.stringify(answer)).toBe(1);
      placed.push({ id: answer.data.id as number, leaderTime });
      await sleep(150 + (i % 4) * 110);
    }
    const { rows } = await sql.query<{
      id: number;
      open_tick_time: string;
      open_time: string;
      recorded: string | null;
      open_price: string;
      tolerance: number;
    }>(
      `select o.id, o.open_tick_time, o.open_time, o.open_price, t.price as recorded, p.max_quote_age_seconds as tolerance
       from orders o join products p on p.id = o.product_id
       left join ticks t on t.product_id = o.product_id and t.time = o.open_tick_time
       where o.id = any($1)`,
      [placed.map((p) => p.id)],
    );
    let current = 0;
    for (const row of rows) {
      // the open price is the tick the leader recorded for that second, no older than the product allows
      expect(row.recorded).toBe(row.open_price);
      expect(Number(row.open_time) - Number(row.open_tick_time)).toBeLessThanOrEqual(row.tolerance);
      if (Number(row.open_tick_time) >= placed.find((p) => p.id === row.id)!.leaderTime) current++;
    }
    console.log(`${current} of ${rows.length} follower orders opened at the leader's newest second (or newer)`);
    // how many opened at the leader's newest second depends on the machine's pace: printed above; what must hold
    // (the recorded tick, no older than the product allows) is asserted per order
  }, 60_000);

  it("300 concurrent orders from one account on the leader are all accepted, none refused for a stale quote", async () => {
    const demo = await login(leader);
    const ages: number[] = [];
    let burst = true;
    const watching = (async () => {
      while (burst) {
        ages.push(nowSeconds() - (await quoteTime(leader)));
        await sleep(50);
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(
          leader,
          "POST",
          "/api/user/addorder",
          { pid: String(btc), direction: i % 2 ? "up" : "down", seconds: "30", amount: "10", requestId: `burst-order-${i}` },
          demo,
        ),
      ),
    );
    const elapsed = performance.now() - started;
    burst = false;
    await watching;
    const refusals = new Map<string, number>();
    for (const answer of answers) if (answer.code !== 1) refusals.set(answer.err ?? "?", (refusals.get(answer.err ?? "?") ?? 0) + 1);
    console.log(
      `300 orders from one account in ${elapsed.toFixed(0)} ms; refusals ${JSON.stringify(Object.fromEntries(refusals))}; ` +
        `quote age meanwhile (${ages.length} samples): max ${Math.max(...ages)} s, p95 ${quantile(ages, 0.95)} s`,
    );
    expect(refusals.get("quote_stale") ?? 0).toBe(0);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(300);
    const { rows } = await sql.query<{ n: number; oldest: number }>(
      `select count(*)::int as n, max(open_time - open_tick_time)::int as oldest from orders where request_id like 'burst-%'`,
    );
    expect(rows[0]!.n).toBe(300);
    expect(rows[0]!.oldest).toBeLessThanOrEqual(2);
    const reconcile = await call(follower, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS });
    expect(reconcile.data).toMatchObject({ ok: true, drift: [] });
  }, 60_000);
});
