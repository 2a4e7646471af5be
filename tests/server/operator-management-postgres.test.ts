import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { opsPaths } from "#contract/ops-paths";

import { api } from "./harness";
import { addOperator, type OpsSite, postgresSite, send, signedIn } from "./ops-sites";

/**
 * Operator management on PostgreSQL with two processes (two apps, a pool each): a switch made through one
 * process holds on the other at once, and two admins acting on each other at once leave an active admin.
 */
let site: OpsSite;

beforeAll(async () => {
  site = await postgresSite();
}, 120_000);
afterAll(() => site?.close());

const as = (cookie: string) => ({ cookie });

describe("operator management across processes", () => {
  it("a disabled operator's session ends at once on the other process too", async () => {
    const [one, two] = site.apps as [(typeof site.apps)[0], (typeof site.apps)[0]];
    const admin = await signedIn(site, await addOperator(site, "pg-chief", "admin"), "10.7.0.1", one);
    const clerk = await signedIn(site, await addOperator(site, "pg-clerk", "finance"), "10.7.0.2", two);
    expect((await api({ app: two }, opsPaths.listRecharges, {}, as(clerk))).body.code).toBe(1);
    expect((await api({ app: one }, opsPaths.setOperatorEnabled, { username: "pg-clerk", enabled: "0" }, as(admin))).body.code).toBe(1);
    expect((await api({ app: two }, opsPaths.listRecharges, {}, as(clerk))).body.err).toBe("ops_forbidden");
    expect((await api({ app: two }, opsPaths.operatorMe, {}, as(clerk))).body.err).toBe("ops_forbidden");
  });

  it("two admins disabling each other at once through two processes leave one of them active", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await addOperator(site, `pg-a${round}`, "admin");
      const b = await addOperator(site, `pg-b${round}`, "admin");
      // every other admin is disabled first, so these two are the desk's only admins
      const setup = await signedIn(site, await addOperator(site, `pg-s${round}`, "admin"), "10.7.1.9");
      const others = (await api({ app: site.apps[0]! }, opsPaths.listOperators, {}, as(setup))).body.data.filter(
        (row) => row.role === "admin" && !row.disabled && ![a, b, `pg-s${round}`].includes(row.username),
      );
      for (const row of others)
        await api({ app: site.apps[0]! }, opsPaths.setOperatorEnabled, { username: row.username, enabled: "0" }, as(setup));
      const cookieA = await signedIn(site, a, "10.7.1.1", site.apps[0]);
      const cookieB = await signedIn(site, b, "10.7.1.2", site.apps[1]);
      await api({ app: site.apps[1]! }, opsPaths.setOperatorEnabled, { username: `pg-s${round}`, enabled: "0" }, as(cookieB));
      const [byA, byB] = await Promise.all([
        send(site.apps[0]!, "POST", "/api/ops/operator/enabled", { username: b, enabled: "0" }, { headers: as(cookieA) }),
        send(site.apps[1]!, "POST", "/api/ops/operator/enabled", { username: a, enabled: "0" }, { headers: as(cookieB) }),
      ]);
      const outcomes = [byA.body.err ?? "ok", byB.body.err ?? "ok"].sort();
      expect(outcomes[0]).toBe("ok");
      expect(["ops_last_admin", "ops_forbidden"]).toContain(outcomes[1]);
      const active = (await site.db.execute(
        "select count(*)::int as n from operators where role = 'admin' and disabled_at is null" as never,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(active.rows[0]!.n).toBe(1);
      // the survivor enables the other again for the next round's set-up
      const survivor = byA.body.code === 1 ? cookieA : cookieB;
      await api({ app: site.apps[0]! }, opsPaths.setOperatorEnabled, { username: byA.body.code === 1 ? b : a, enabled: "1" }, as(survivor));
      await api({ app: site.apps[0]! }, opsPaths.setOperatorEnabled, { username: `pg-s${round}`, enabled: "1" }, as(survivor));
    }
  });
});
