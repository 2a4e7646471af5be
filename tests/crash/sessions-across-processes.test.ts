import { createHash } from "node:crypto";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ServerProcess } from "../e2e/server-process";
import { type Cluster, startCluster } from "./cluster";
import { call, request, sleep } from "./process-api";

// Two server processes on one PostgreSQL, each keeping the sessions it has seen for a while: a session ended
// through one process is refused by the other within a second (it hears of it by NOTIFY), although the other
// no longer looks sessions up in the database on every request.
const OPS = "sessions-across-ops";

describe("sessions ended on one process, refused on the other (PostgreSQL, two processes)", () => {
  let cluster: Cluster;
  let servers: ServerProcess[] = [];
  let sql: pg.Client;

  beforeAll(async () => {
    // started together: migrations and first-start seeding must run once, not race
    cluster = await startCluster(2, { OPS_TOKEN: OPS, BACKFILL_MINUTE_DAYS: "0.05", RATE_LIMIT_SCALE: "100" });
    ({ servers, sql } = cluster);
  }, 90_000);
  afterAll(() => cluster?.stop());

  const me = (server: ServerProcess, token: string) => request(server, "GET", "/api/user/index", {}, { token });
  const logIn = async (server: ServerProcess, account: string, password: string) =>
    (await call(server, "POST", "/api/login/index", { account, password })).data.token as string;
  /**
   * ms until `server` refuses `token`, polling every 20 ms; Infinity after 30 s. The NOTIFY makes it well under
   * a second (printed); the bound is only there to fail a process that never hears, not a slow machine.
   */
  const refusedWithin = async (server: ServerProcess, token: string) => {
    const started = performance.now();
    while (performance.now() - started < 30_000) {
      if ((await me(server, token)).status === 401) return performance.now() - started;
      await sleep(20);
    }
    return Infinity;
  };

  it("B keeps a session it has seen (the proof it caches), and refuses it after a logout on A", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const kept = await logIn(a, "demo", "demo1234");
    expect((await me(b, kept)).body.code).toBe(1);
    // removed behind both servers' backs (no notice): B still knows the session, which is what it caches
    await sql.query("delete from sessions where token_hash = $1", [createHash("sha256").update(kept).digest("hex")]);
    expect((await me(b, kept)).body.code).toBe(1);
    expect((await me(a, kept)).status).toBe(401);

    const token = await logIn(a, "demo", "demo1234");
    for (let i = 0; i < 3; i++) expect((await me(b, token)).body.code).toBe(1);
    expect((await call(a, "POST", "/api/login/logout", {}, { token })).code).toBe(1);
    const delay = await refusedWithin(b, token);
    console.log(`logout on A refused on B after ${delay.toFixed(0)} ms`);
    expect(delay).toBeLessThan(30_000);
  });

  it("a password change on A refuses the user's other sessions on B", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const current = await logIn(a, "demo", "demo1234");
    const other = await logIn(b, "demo", "demo1234");
    expect((await me(b, other)).body.code).toBe(1);
    const changed = await call(
      a,
      "POST",
      "/api/user/pwd_login",
      { oldPassword: "demo1234", password: "demo5678", password2: "demo5678" },
      {
        token: current,
      },
    );
    expect(changed.code).toBe(1);
    const delay = await refusedWithin(b, other);
    console.log(`password change on A refused the other session on B after ${delay.toFixed(0)} ms`);
    expect(delay).toBeLessThan(30_000);
    expect((await me(b, current)).body.code).toBe(1);
  });
});
