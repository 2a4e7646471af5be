import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AdjustmentForOps } from "#contract/adjustments";
import type { ListPage } from "#contract/lists";
import { opsEndpoints } from "#contract/ops";
import * as schema from "#server/db/schema";

import { type Answer, api, type Harness, OPS_TOKEN, startHarness } from "./harness";
import { DAY, NOV_1 } from "./list-dates";
import { staff } from "./staff";

/**
 * The console's list of manual adjustments on the shared keyset list: pages of 50 past any number of rows, the
 * status, date, amount, operator and customer filters, sorting, refusals naming the field, and the audited CSV
 * export of the filtered set. Rows are written straight into the table: what is tested is how they are listed.
 */
let h: Harness;
let finance: Record<string, string>;
let support: Record<string, string>;
let admin: Record<string, string>;
let ann: { id: number; account: string };
let bob: { id: number; account: string };

async function customer(account: string, phone: string) {
  const [row] = await h.database.db
    .insert(schema.users)
    .values({ account, phone, passwordHash: "x", inviteCode: account.toUpperCase().slice(0, 8), createdAt: NOV_1 })
    .returning();
  return { id: row!.id, account };
}

const adjustment = (fields: Partial<typeof schema.adjustments.$inferInsert> & { userId: number; amount: number; proposedAt: number }) =>
  h.database.db
    .insert(schema.adjustments)
    .values({ direction: "credit", reason: "goodwill", proposedBy: 1, proposedByName: "Alice", ...fields })
    .returning({ id: schema.adjustments.id })
    .then(([row]) => row!.id);

const list = async (fields: Record<string, string>, as: Record<string, string> = finance) => {
  const answer: Answer<ListPage<AdjustmentForOps>> = await api(h, opsEndpoints.listAdjustments, fields, as);
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data;
};

beforeAll(async () => {
  h = await startHarness();
  finance = await staff(h, "finance");
  support = await staff(h, "support");
  admin = await staff(h);
  ann = await customer("annadj1", "13900007711");
  bob = await customer("bobadj2", "13700007722");
  // 120 adjustments over 12 days of November: amounts 1.00 … 120.00 U shuffled; every third applied by Bert,
  // every fifth rejected by Carol, the rest waiting; Dora proposed the even ones
  for (let i = 0; i < 120; i++) {
    const decided =
      i % 3 === 0 ? { status: "applied" as const, decidedBy: 2, decidedByName: "Bert", decidedAt: NOV_1 + i * 1000 + 60 } : {};
    const rejected =
      i % 3 !== 0 && i % 5 === 0 ? { status: "rejected" as const, decidedBy: 3, decidedByName: "Carol", decidedAt: NOV_1 + i * 1000 } : {};
    await adjustment({
      userId: i % 2 ? ann.id : bob.id,
      amount: ((i * 37) % 120) * 100 + 100,
      proposedAt: NOV_1 + Math.floor(i / 10) * DAY + i,
      direction: i % 4 === 0 ? "debit" : "credit",
      ...(i % 2 === 0 ? { proposedBy: 4, proposedByName: "Dora" } : {}),
      ...decided,
      ...rejected,
    });
  }
});
afterAll(() => h?.close());

describe("the adjustments list", () => {
  it("pages every adjustment past 100 rows, 50 at a time, without a row twice, and back again", async () => {
    const all = await list({ status: "all" });
    expect(all.total).toBe(120);
    const seen: number[] = [];
    const pages: Array<ListPage<AdjustmentForOps>> = [];
    let cursor: string | null = null;
    do {
      const page: ListPage<AdjustmentForOps> = await list(cursor ? { status: "all", cursor } : { status: "all" });
      pages.push(page);
      seen.push(...page.items.map((row) => row.id));
      cursor = page.next;
    } while (cursor);
    expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
    // newest first by default
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const back = await list({ status: "all", cursor: pages[2]!.previous! });
    expect(back.items.map((row) => row.id)).toEqual(pages[1]!.items.map((row) => row.id));
  });

  it("shows the ones waiting for a second person by default, and filters by status", async () => {
    const waiting = await list({});
    expect(waiting.items.every((row) => row.status === "pending")).toBe(true);
    // 120 - 40 applied - 16 rejected (multiples of 5 that are not of 3)
    expect(waiting.total).toBe(64);
    expect((await list({ status: "applied" })).total).toBe(40);
    expect((await list({ status: "rejected" })).total).toBe(16);
  });

  it("filters by the proposal's date, a bare date being its whole UTC day", async () => {
    const day = await list({ status: "all", since: "2026-11-03", until: "2026-11-03" });
    expect(day.total).toBe(10);
    expect(day.items.every((row) => row.proposedAt >= NOV_1 + 2 * DAY && row.proposedAt < NOV_1 + 3 * DAY)).toBe(true);
  });

  it("filters by amount, both ends included", async () => {
    const range = await list({ status: "all", minAmount: "10", maxAmount: "12.00" });
    expect(range.items.map((row) => row.amount).sort()).toEqual(["10.00", "11.00", "12.00"]);
  });

  it("filters by who proposed and who decided, by the name the list shows in any case", async () => {
    const byDora = await list({ status: "all", proposer: "dora" });
    expect(byDora.total).toBe(60);
    expect(byDora.items.every((row) => row.proposedByName === "Dora")).toBe(true);
    const byBert = await list({ status: "all", decider: "Bert" });
    expect(byBert.total).toBe(40);
    expect(byBert.items.every((row) => row.decidedByName === "Bert" && row.status === "applied")).toBe(true);
    expect((await list({ status: "all", proposer: "Dora", decider: "Carol" })).items.every((row) => row.proposedByName === "Dora")).toBe(
      true,
    );
    expect((await list({ status: "all", decider: "nobody" })).total).toBe(0);
  });

  it("searches by the customer's account or phone, their id, and the adjustment's id", async () => {
    expect((await list({ status: "all", q: "ANNADJ" })).total).toBe(60);
    expect((await list({ status: "all", q: "1370000" })).items.every((row) => row.account === bob.account)).toBe(true);
    expect((await list({ status: "all", q: `user:${ann.id}` })).total).toBe(60);
    const one = (await list({ status: "all" })).items[7]!;
    expect((await list({ status: "all", q: String(one.id) })).items.map((row) => row.id)).toEqual([one.id]);
    expect((await list({ status: "all", q: `adjustment:${one.id}` })).items.map((row) => row.id)).toEqual([one.id]);
  });

  it("sorts by amount either way, and oldest first", async () => {
    expect((await list({ status: "all", sort: "amount" })).items.slice(0, 3).map((row) => row.amount)).toEqual([
      "120.00",
      "119.00",
      "118.00",
    ]);
    expect((await list({ status: "all", sort: "amount", order: "asc" })).items.slice(0, 2).map((row) => row.amount)).toEqual([
      "1.00",
      "2.00",
    ]);
    const oldest = (await list({ status: "all", order: "asc" })).items.map((row) => row.proposedAt);
    expect(oldest[0]).toBe(NOV_1);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
  });

  it("refuses a filter that does not parse, naming the field", async () => {
    const refusal = async (fields: Record<string, string>) => (await api(h, opsEndpoints.listAdjustments, fields, finance)).body;
    expect(await refusal({ status: "paid" })).toMatchObject({ err: "invalid_input", msg: "Status is invalid" });
    expect(await refusal({ since: "2026-02-30" })).toMatchObject({ err: "invalid_input", msg: "From date is invalid" });
    expect(await refusal({ minAmount: "3", maxAmount: "2" })).toMatchObject({ msg: "Largest amount is invalid" });
    expect(await refusal({ sort: "reason" })).toMatchObject({ msg: "Sort by is invalid" });
    expect(await refusal({ proposer: "x".repeat(41) })).toMatchObject({ err: "field_too_long" });
    expect((await refusal({ proposer: "x".repeat(41) })).msg).toContain("Proposed by");
  });

  it("is finance's and admin's: support is refused", async () => {
    expect((await api(h, opsEndpoints.listAdjustments, {}, support)).body.err).toBe("ops_role_forbidden");
    expect((await list({}, admin)).total).toBe(64);
  });
});

/** The body of a CSV export as lines; the answer must be CSV, not the envelope. */
async function csv(fields: Record<string, string>, headers: Record<string, string>) {
  const response = await h.app.inject({
    method: "GET",
    url: `${opsEndpoints.exportAdjustments.path}?${new URLSearchParams(fields)}`,
    headers,
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="adjustments-\d{8}T\d{6}Z\.csv"$/);
  return response.body.split("\r\n").slice(0, -1);
}

describe("the adjustments export", () => {
  it("writes every row the filters select, amounts in U with a debit negative, times in ISO 8601 UTC", async () => {
    const lines = await csv({ status: "all" }, finance);
    expect(lines[0]).toBe(
      "id,proposed_utc,user_id,account,direction,amount_u,reason,corrects,status,proposed_by,decided_by,decided_utc,decision_note",
    );
    expect(lines.length).toBe(121);
    const applied = await csv({ status: "applied", decider: "Bert", since: "2026-11-01", until: "2026-11-01" }, finance);
    // i = 0, 3, 6, 9 on the first day; i = 0 is a debit of 1.00 proposed by Dora
    expect(applied.length).toBe(5);
    expect(applied.at(-1)).toMatch(/^\d+,2026-11-01T00:00:00Z,\d+,bobadj2,debit,-1\.00,goodwill,,applied,Dora,Bert,2026-11-01T00:01:00Z,$/);
  });

  it("guards a reason a spreadsheet would run as a formula", async () => {
    await adjustment({ userId: ann.id, amount: 4_242, proposedAt: NOV_1 + 40 * DAY, reason: '=HYPERLINK("http://evil.example","x")' });
    const lines = await csv({ since: "2026-12-11" }, finance);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });

  it("is audited with its filters, refused to support, and refused for a bad filter before any line", async () => {
    await csv({ status: "applied", minAmount: "5", proposer: "Dora" }, finance);
    const audit = (await api(h, opsEndpoints.auditLog, { action: "GET /api/ops/adjustments/csv" }, admin)).body.data.items[0]!;
    expect(audit).toMatchObject({ actor: "staff-finance", target: "export:adjustments" });
    expect(audit.input).toMatchObject({ status: "applied", minAmount: 500, proposer: "Dora" });
    const refused = await h.app.inject({ method: "GET", url: opsEndpoints.exportAdjustments.path, headers: support });
    expect(refused.json()).toMatchObject({ code: 0, err: "ops_role_forbidden" });
    const bad = await h.app.inject({ method: "GET", url: `${opsEndpoints.exportAdjustments.path}?until=nope`, headers: finance });
    expect(bad.json()).toMatchObject({ code: 0, err: "invalid_input", msg: "To date is invalid" });
    // the machine token reads and runs reports: an export is one
    expect((await csv({}, { "ops-token": OPS_TOKEN })).length).toBeGreaterThan(1);
  });
});
