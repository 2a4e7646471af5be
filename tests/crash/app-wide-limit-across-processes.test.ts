import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ServerProcess } from "../e2e/server-process";
import { type Cluster, startCluster } from "./cluster";
import { request } from "./process-api";

// Two server processes on one PostgreSQL: the app-wide per-address limit (600 requests a minute, 60 at this
// scale) holds for the sum of both, where counting per process would let 60 through each.
const LIMIT = 60;

describe("the app-wide rate limit across two processes (PostgreSQL)", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(2, { OPS_TOKEN: "app-wide-limit-ops", RATE_LIMIT_SCALE: String(LIMIT / 600) });
  }, 90_000);
  afterAll(() => cluster?.stop());

  /** A quote poll from `address`, as the proxy forwards it; the status alone. */
  const poll = async (server: ServerProcess, address: string) =>
    (await request(server, "GET", "/api/index/ajaxdata", {}, { "x-forwarded-for": address })).status;

  it("admits the limit in total, whichever process the proxy picks", async () => {
    const [a, b] = cluster.servers as [ServerProcess, ServerProcess];
    const statuses: number[] = [];
    for (let i = 0; i < 3 * LIMIT; i++) statuses.push(await poll(i % 2 ? b : a, "10.40.0.1"));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * LIMIT);
    // the first requests were the ones admitted
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    const { rows } = await cluster.sql.query("select hits from rate_limits where key = '* 10.40.0.1'");
    expect(rows[0].hits).toBeGreaterThanOrEqual(LIMIT);

    // another address has its own budget on both
    expect(await poll(a, "10.40.0.2")).toBe(200);
    expect(await poll(b, "10.40.0.2")).toBe(200);
  });

  it("admits the limit in total for a concurrent burst spread over both", async () => {
    const servers = cluster.servers;
    const statuses = await Promise.all(Array.from({ length: 2 * LIMIT }, (_, i) => poll(servers[i % 2]!, "10.40.0.3")));
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
  });
});
