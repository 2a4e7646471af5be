import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { opsEndpoints } from "#contract/ops";
import type { Db } from "#server/db/client";
import { writeAudit } from "#server/modules/operators/audit";

import { api, type Harness, OPS_TOKEN, startHarness } from "./harness";

/**
 * The audit log on PGlite: append-only at every level (UPDATE, DELETE and TRUNCATE refused) and hash-chained, so
 * what only a superuser can still do (disable the triggers, then remove or edit a row) shows in the reconcile
 * report at the row where the chain breaks.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const run = (db: Db, query: string) => db.execute(query as never) as unknown as Promise<{ rows: Array<Record<string, unknown>> }>;

async function writeRows(count: number, action: string) {
  for (let i = 0; i < count; i++) {
    await writeAudit(h.database.db, {
      operator: { id: null, username: "token" },
      action,
      target: `row:${i}`,
      input: { i },
      after: { ok: true },
      ip: "127.0.0.1",
      at: h.clock.now,
    });
  }
}

const report = async () => (await api(h, opsEndpoints.reconcileReport, { page: "1" }, { "ops-token": OPS_TOKEN })).body.data;
const cliReconcile = async () => (await api(h, opsEndpoints.reconcile, {}, { "ops-token": OPS_TOKEN })).body.data;

/** What a superuser can do: switch the log's own triggers off for one statement. */
async function asSuperuser(statement: string) {
  await run(h.database.db, "alter table ops_audit disable trigger user");
  try {
    await run(h.database.db, statement);
  } finally {
    await run(h.database.db, "alter table ops_audit enable trigger user");
  }
}

describe("the audit log", () => {
  it("refuses TRUNCATE, as it refuses UPDATE and DELETE", async () => {
    await writeRows(2, "TEST truncate");
    const refused = (await run(h.database.db, "truncate ops_audit").catch((error: unknown) => error)) as { cause?: unknown };
    expect(String(refused.cause)).toMatch(/never changed or removed/);
    await expect(run(h.database.db, "update ops_audit set actor = 'someone-else'")).rejects.toThrow();
    await expect(run(h.database.db, "delete from ops_audit")).rejects.toThrow();
    const [left] = (await run(h.database.db, "select count(*)::int as n from ops_audit")).rows;
    expect(Number(left!.n)).toBeGreaterThanOrEqual(2);
  });

  it("chains each row to the one before it, and the reconcile report says the chain holds", async () => {
    await writeRows(3, "TEST chain");
    const rows = (await run(h.database.db, "select chain_seq, prev_hash, hash from ops_audit order by chain_seq")).rows;
    rows.forEach((row, index) => {
      expect(Number(row.chain_seq)).toBe(index + 1);
      expect(row.prev_hash).toBe(index === 0 ? "" : rows[index - 1]!.hash);
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    });
    const answer = await report();
    expect(answer.auditChain).toMatchObject({ ok: true, broken: 0, breaks: [] });
    expect(answer.auditChain.rows).toBe(rows.length);
    expect(answer.ok).toBe(true);
  });

  it("shows a row removed with the triggers disabled where the chain breaks, in the report and the CLI's reconcile", async () => {
    await writeRows(3, "TEST removal");
    const [victim, next] = (
      await run(h.database.db, "select id, chain_seq from ops_audit where action = 'TEST removal' order by chain_seq limit 2")
    ).rows;
    await asSuperuser(`delete from ops_audit where id = ${Number(victim!.id)}`);
    const answer = await report();
    expect(answer.ok).toBe(false);
    expect(answer.auditChain.ok).toBe(false);
    expect(answer.auditChain.breaks).toEqual([{ id: Number(next!.id), seq: Number(next!.chain_seq), kind: "missing_before" }]);
    expect((await cliReconcile()).auditChain.ok).toBe(false);
    expect((await cliReconcile()).ok).toBe(false);
  });

  it("shows a row altered with the triggers disabled as altered", async () => {
    const [row] = (await run(h.database.db, "select id, chain_seq from ops_audit where action = 'TEST chain' order by chain_seq limit 1"))
      .rows;
    await asSuperuser(`update ops_audit set actor = 'someone-else' where id = ${Number(row!.id)}`);
    const { auditChain } = await report();
    expect(auditChain.breaks).toContainEqual({ id: Number(row!.id), seq: Number(row!.chain_seq), kind: "altered" });
    expect(auditChain.broken).toBe(2);
  });
});
