import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addOperator, currentCode, OPERATOR_PASSWORD, type OpsSite, pgliteSite, postgresSite, send, signedIn, tally } from "./ops-sites";

/**
 * An attacker at the back office's door: a burst of guesses must not get more tries than the
 * lock allows, one authenticator code must not open several sessions, and a stranger's guesses must neither
 * lock a colleague out nor end the session they have open. On PGlite (one process) and on PostgreSQL with two
 * apps on two pools, where the requests of a burst really run side by side.
 */
describe.each([
  ["PGlite", pgliteSite],
  ["PostgreSQL, two pools", postgresSite],
] as const)("operator sign-in under attack, %s", (_name, start) => {
  let site: OpsSite;
  beforeAll(async () => {
    site = await start();
  }, 120_000);
  afterAll(() => site?.close());

  const app = (i: number) => site.apps[i % site.apps.length]!;
  const login = (i: number, fields: Record<string, string>, address = "10.1.1.1") =>
    send(app(i), "POST", "/api/ops/login", fields, { address });
  const sessionsOf = async (username: string) => {
    const result = (await site.db.execute(
      sql`select count(*)::int as n from operator_sessions s join operators o on o.id = s.operator_id where o.username = ${username}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return result.rows[0]!.n;
  };

  it("evaluates at most five of 60 parallel wrong guesses; the rest, and the right password after them, are refused as locked", async () => {
    const name = await addOperator(site, "burst-admin", "admin");
    site.clock.now += 30;
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i, { username: name, password: `wrong-guess-${i}`, code: "123456" })),
    );
    const counts = tally(replies);
    expect(counts.ops_login_failed).toBeLessThanOrEqual(5);
    expect(counts.ops_login_failed! + counts.ops_login_locked!).toBe(60);
    // the right password and code, sent in a burst of their own after the lock, open nothing
    const code = await currentCode(site, name);
    const right = await Promise.all(Array.from({ length: 6 }, (_, i) => login(i, { username: name, password: OPERATOR_PASSWORD, code })));
    expect(tally(right)).toEqual({ ops_login_locked: 6 });
    expect(await sessionsOf(name)).toBe(0);
  });

  it("opens exactly one session for one authenticator code sent 8 times at once", async () => {
    const name = await addOperator(site, "replay-fin", "finance");
    site.clock.now += 30;
    const code = await currentCode(site, name);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(i, { username: name, password: OPERATOR_PASSWORD, code }, `10.2.0.${i}`)),
    );
    expect(tally(replies).ok).toBe(1);
    expect(await sessionsOf(name)).toBe(1);
  });

  it("locks only the guessing address: the operator signs in from their own, and their open session goes on", async () => {
    const name = await addOperator(site, "victim-sup", "support");
    const cookie = await signedIn(site, name, "10.3.0.1");
    for (let i = 0; i < 5; i++) {
      expect((await login(i, { username: name, password: "stranger-guess" }, "10.66.0.1")).body.err).toBe("ops_login_failed");
    }
    expect((await login(0, { username: name, password: OPERATOR_PASSWORD }, "10.66.0.1")).body.err).toBe("ops_login_locked");
    // the session opened before the stranger's guesses still answers, on either process
    for (let i = 0; i < site.apps.length; i++) {
      expect((await send(app(i), "GET", "/api/ops/me", {}, { headers: { cookie } })).body.data?.username).toBe(name);
    }
    // and the operator's own address was never locked
    site.clock.now += 30;
    expect(
      (await login(1, { username: name, password: OPERATOR_PASSWORD, code: await currentCode(site, name) }, "10.3.0.1")).body.code,
    ).toBe(1);
  });

  it("closes sign-in to every address after 50 wrong tries spread over many, without ending the open session", async () => {
    const name = await addOperator(site, "spread-sup", "support");
    const cookie = await signedIn(site, name, "10.4.0.1");
    for (let address = 0; address < 10; address++) {
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) => login(i, { username: name, password: "distributed-guess" }, `10.77.0.${address}`)),
      );
      expect(tally(replies)).toEqual({ ops_login_failed: 5 });
    }
    expect((await login(0, { username: name, password: OPERATOR_PASSWORD }, "10.4.0.1")).body.err).toBe("ops_login_locked");
    expect((await send(app(1), "GET", "/api/ops/me", {}, { headers: { cookie } })).body.data?.username).toBe(name);
    const admin = await signedIn(site, await addOperator(site, "list-admin", "admin"));
    const listed = (await send(app(0), "GET", "/api/ops/operators", {}, { headers: { cookie: admin } })).body.data;
    expect(listed.find((row: { username: string }) => row.username === name).locked).toBe(true);
    // the lock ends by itself
    site.clock.now += 15 * 60;
    expect(
      (await login(0, { username: name, password: OPERATOR_PASSWORD, code: await currentCode(site, name) }, "10.4.0.1")).body.code,
    ).toBe(1);
  });

  it("keeps the session row of a locked-out operator usable for writes too", async () => {
    const name = await addOperator(site, "writer-adm", "admin");
    const cookie = await signedIn(site, name, "10.5.0.1");
    for (let i = 0; i < 5; i++) await login(i, { username: name, password: "nope-nope-1" }, "10.88.0.1");
    const write = await send(app(1), "POST", "/api/ops/invite-bonus", { amount: "3" }, { headers: { cookie } });
    expect(write.body.code, write.body.msg).toBe(1);
  });
});
