import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkAuditChain, writeAudit } from "#server/modules/operators/audit";

import { type PostgresPair, startPostgresPair } from "./postgres-pair";

/**
 * The audit log on PostgreSQL with two apps (a pool each), where audit rows really are written side by side:
 * TRUNCATE is refused, and concurrent writers still make one unbroken chain.
 */
let pair: PostgresPair;
beforeAll(async () => {
  pair = await startPostgresPair();
}, 120_000);
afterAll(() => pair?.close());

describe("the audit log on PostgreSQL", () => {
  it("refuses TRUNCATE", async () => {
    await writeAudit(pair.leader.database.db, {
      operator: { id: null, username: "token" },
      action: "TEST truncate",
      target: "",
      input: {},
      ip: "127.0.0.1",
      at: pair.leader.clock.now,
    });
    const refused = (await pair.rows("truncate ops_audit").catch((error: unknown) => error)) as { cause?: unknown };
    expect(String(refused.cause)).toMatch(/never changed or removed/);
    expect((await pair.rows<{ n: number }>("select count(*)::int as n from ops_audit"))[0]!.n).toBeGreaterThan(0);
  });

  it("chains rows written at once through both pools, each transaction still open after its row", async () => {
    const writers = Array.from({ length: 16 }, (_, i) => {
      const h = i % 2 === 0 ? pair.leader : pair.follower;
      return h.database.db.transaction(async (tx) => {
        await writeAudit(tx, {
          operator: { id: null, username: "token" },
          action: "TEST concurrent",
          target: `writer:${i}`,
          input: { i },
          ip: "127.0.0.1",
          at: h.clock.now,
        });
        // the row is written and its transaction is still open: a writer that chained without waiting for it
        // would take the same place in the chain, or a hash that is not the last committed one
        await tx.execute(sql`select pg_sleep(0.02)`);
      });
    });
    await Promise.all(writers);
    const check = await checkAuditChain(pair.follower.database.db);
    expect(check).toMatchObject({ ok: true, broken: 0 });
    const written = await pair.rows<{ n: number }>("select count(*)::int as n from ops_audit where action = 'TEST concurrent'");
    expect(written[0]!.n).toBe(16);
    const seqs = await pair.rows<{ chain_seq: string }>("select chain_seq from ops_audit order by chain_seq");
    expect(seqs.map((row) => Number(row.chain_seq))).toEqual(seqs.map((_, index) => index + 1));
  });
});
