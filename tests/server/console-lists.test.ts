import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LIST_PAGE_SIZE, type ListPage } from "#contract/lists";
import { opsEndpoints } from "#contract/ops";
import type { ApiPath } from "#contract/paths";
import * as schema from "#server/db/schema";

import { type Answer, api, type Harness, OPS_TOKEN, startHarness } from "./harness";
import { DAY, NOV_1 } from "./list-dates";
import { staff } from "./staff";

/**
 * The console's long lists: keyset pages that neither repeat nor skip a row while rows arrive, every filter and
 * sort, the search, refusals that name the field, and CSV exports (quoting, the formula guard, amounts in U,
 * UTC times, audited). Rows are written straight into the tables: what is tested is how they are listed.
 */
let h: Harness;
let finance: Record<string, string>;
let support: Record<string, string>;
let admin: Record<string, string>;
const customers: Array<{ id: number; account: string; phone: string }> = [];

async function customer(account: string, phone: string, fields: Partial<typeof schema.users.$inferInsert> = {}) {
  const [row] = await h.database.db
    .insert(schema.users)
    .values({ account, phone, passwordHash: "x", inviteCode: account.toUpperCase().slice(0, 8), createdAt: NOV_1, ...fields })
    .returning();
  const made = { id: row!.id, account, phone };
  customers.push(made);
  return made;
}

const withdrawal = (userId: number, amount: number, createdAt: number, fields: Partial<typeof schema.withdrawals.$inferInsert> = {}) =>
  h.database.db
    .insert(schema.withdrawals)
    .values({ userId, cardId: 1, amount, fee: Math.round(amount / 100), actual: amount - Math.round(amount / 100), createdAt, ...fields })
    .returning({ id: schema.withdrawals.id })
    .then(([row]) => row!.id);

/** Every page of a list from the first, following `next`; `between` runs after each page (rows arriving). */
async function walk(endpoint: ApiPath, fields: Record<string, string>, headers: Record<string, string>, between?: () => Promise<void>) {
  const pages: number[][] = [];
  let cursor: string | null = null;
  do {
    const answer: Answer = await api(h, endpoint, cursor ? { ...fields, cursor } : fields, headers);
    expect(answer.body.code, answer.body.msg).toBe(1);
    pages.push(answer.body.data.items.map((row: { id: number }) => row.id));
    cursor = answer.body.data.next;
    await between?.();
  } while (cursor && pages.length < 50);
  return pages;
}

beforeAll(async () => {
  h = await startHarness();
  finance = await staff(h, "finance");
  support = await staff(h, "support");
  admin = await staff(h);
  const ann = await customer("annlist1", "13900001111");
  const bob = await customer("boblist2", "13700002222", { verified: true, cash: 50_000 });
  await customer("cylist3", "13600003333", { locked: true, cash: 1_000, createdAt: NOV_1 + 5 * DAY });
  // 130 withdrawals over 13 days of November, amounts 1.00 … 130.00 U in a shuffled order
  for (let i = 0; i < 130; i++)
    await withdrawal(i % 2 ? ann.id : bob.id, ((i * 37) % 130) * 100 + 100, NOV_1 + Math.floor(i / 10) * DAY + i, {
      status: i % 3 === 0 ? "success" : "review",
    });
});
afterAll(() => h?.close());

describe("keyset paging", () => {
  it("walks 130 rows in pages of 50 without a row twice or missed while newer rows arrive", async () => {
    const before = await api(h, opsEndpoints.listWithdrawals, { status: "all" }, finance);
    expect(before.body.data.total).toBe(130);
    const original = new Set<number>();
    // every id there is now
    for (const page of await walk(opsEndpoints.listWithdrawals, { status: "all" }, finance)) page.forEach((id) => original.add(id));
    expect(original.size).toBe(130);
    const added: number[] = [];
    const pages = await walk(opsEndpoints.listWithdrawals, { status: "all" }, finance, async () => {
      // a customer asks while the operator reads: newer than anything listed
      added.push(await withdrawal(customers[0]!.id, 5_000, NOV_1 + 20 * DAY + added.length));
    });
    expect(pages.map((page) => page.length)).toEqual([50, 50, 30]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => original.has(id)).length).toBe(130);
    // newest first: the rows that arrived are on no page of a walk that had begun
    expect(seen.some((id) => added.includes(id))).toBe(false);
    await h.database.db.delete(schema.withdrawals).where(inArray(schema.withdrawals.id, added));
  });

  it("walks by amount without a repeat while rows arrive in the middle of the order", async () => {
    const added: number[] = [];
    const pages = await walk(opsEndpoints.listWithdrawals, { status: "all", sort: "amount", order: "asc" }, finance, async () => {
      // 65.00 U sits in the middle of the amounts: an offset would shift every later page by one
      added.push(await withdrawal(customers[0]!.id, 6_500, NOV_1 + DAY));
    });
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => !added.includes(id)).length).toBe(130);
    await h.database.db.delete(schema.withdrawals).where(inArray(schema.withdrawals.id, added));
  });

  it("goes back with `previous` to the same pages it came through", async () => {
    const forward: Array<{ ids: number[]; previous: string | null }> = [];
    let cursor: string | null = null;
    do {
      const answer: Answer<ListPage<{ id: number }>> = await api(
        h,
        opsEndpoints.listWithdrawals,
        cursor ? { status: "all", cursor } : { status: "all" },
        finance,
      );
      forward.push({ ids: answer.body.data.items.map((row) => row.id), previous: answer.body.data.previous });
      cursor = answer.body.data.next;
    } while (cursor);
    expect(forward[0]!.previous).toBeNull();
    const back = await api(h, opsEndpoints.listWithdrawals, { status: "all", cursor: forward[2]!.previous! }, finance);
    expect(back.body.data.items.map((row) => row.id)).toEqual(forward[1]!.ids);
    const first = await api(h, opsEndpoints.listWithdrawals, { status: "all", cursor: back.body.data.previous! }, finance);
    expect(first.body.data.items.map((row) => row.id)).toEqual(forward[0]!.ids);
    expect(first.body.data.previous).toBeNull();
    expect(first.body.data.next).not.toBeNull();
  });

  it("pages the recharge queue past 100 rows through the same helper", async () => {
    for (let i = 0; i < 120; i++)
      await h.database.db.insert(schema.recharges).values({
        userId: customers[1]!.id,
        channelId: 1,
        amount: 10_000 + i,
        screenshot: `/api/files/r${i}.png`,
        createdAt: NOV_1 + i * 60,
      });
    const pages = await walk(opsEndpoints.listRecharges, {}, finance);
    expect(pages.flat().length).toBe(120);
    expect(new Set(pages.flat()).size).toBe(120);
    const byAmount = await api(h, opsEndpoints.listRecharges, { sort: "amount", order: "desc", maxAmount: "100.05" }, finance);
    expect(byAmount.body.data.items.map((row) => row.amount)).toEqual(["100.05", "100.04", "100.03", "100.02", "100.01", "100.00"]);
  });
});

describe("filters, search and sorting", () => {
  const ids = async (fields: Record<string, string>) =>
    (await api(h, opsEndpoints.listWithdrawals, { status: "all", ...fields }, finance)).body.data;

  it("filters by status", async () => {
    const waiting = await ids({ status: "review" });
    expect(waiting.total).toBe(86);
    expect(waiting.items.every((row) => row.status === "review")).toBe(true);
    expect((await ids({ status: "success" })).total).toBe(44);
    // the queue's default is the rows waiting for review
    expect((await api(h, opsEndpoints.listWithdrawals, {}, finance)).body.data.total).toBe(86);
    // approved and its payment still to be marked: a status of the same paged list, its rows with their warnings
    const awaiting = await withdrawal(customers[0]!.id, 7_000, NOV_1 + 30 * DAY, { status: "success", payoutState: "awaiting" });
    const paid = await withdrawal(customers[0]!.id, 7_100, NOV_1 + 30 * DAY, { status: "success", payoutState: "paid" });
    const view = await ids({ status: "awaiting_payout" });
    expect(view.items.map((row) => row.id)).toEqual([awaiting]);
    expect(view.items[0]).toMatchObject({ payoutState: "awaiting", signals: expect.any(Array) });
    expect(view.total).toBe(1);
    await h.database.db.delete(schema.withdrawals).where(inArray(schema.withdrawals.id, [awaiting, paid]));
  });

  it("filters by date: a bare date is that whole UTC day, an instant is exact", async () => {
    const day = await ids({ since: "2026-11-03", until: "2026-11-03" });
    expect(day.total).toBe(10);
    expect(day.items.every((row) => row.time >= NOV_1 + 2 * DAY && row.time < NOV_1 + 3 * DAY)).toBe(true);
    expect((await ids({ since: "2026-11-03", until: "2026-11-04" })).total).toBe(20);
    expect((await ids({ since: "2026-11-13T00:00:00Z" })).total).toBe(10);
    expect((await ids({ since: "2026-11-14T00:00:00Z" })).total).toBe(0);
    expect((await ids({ until: "2026-11-01T00:00:05Z" })).total).toBe(6);
  });

  it("filters by amount, both ends included", async () => {
    const band = await ids({ minAmount: "10", maxAmount: "12.00" });
    expect(band.items.map((row) => row.amount).sort()).toEqual(["10.00", "11.00", "12.00"]);
  });

  it("searches by account or phone prefix, record id, reference and customer id", async () => {
    const [ann, bob] = customers;
    expect((await ids({ q: "ANNLIST" })).total).toBe(65);
    expect((await ids({ q: "13700" })).total).toBe(65);
    const one = (await ids({})).items[7]!;
    expect((await ids({ q: String(one.id) })).items.map((row) => row.id)).toEqual([one.id]);
    expect((await ids({ q: `withdrawal:${one.id}` })).items.map((row) => row.id)).toEqual([one.id]);
    expect((await ids({ q: `recharge:${one.id}` })).total).toBe(0);
    expect((await ids({ q: `user:${bob!.id}` })).items.every((row) => row.account === bob!.account)).toBe(true);
    // a LIKE pattern in the search is text, not a wildcard
    expect((await ids({ q: "%" })).total).toBe(0);
    expect(ann).toBeDefined();
  });

  it("sorts by amount either way and by time oldest first", async () => {
    const high = (await ids({ sort: "amount" })).items.map((row) => Number(row.amount));
    expect(high.slice(0, 3)).toEqual([130, 129, 128]);
    const low = (await ids({ sort: "amount", order: "asc" })).items.map((row) => Number(row.amount));
    expect(low.slice(0, 3)).toEqual([1, 2, 3]);
    const oldest = (await ids({ order: "asc" })).items.map((row) => row.time);
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(oldest[0]).toBe(NOV_1);
  });

  it("refuses a filter that does not parse, naming the field", async () => {
    const refusal = async (fields: Record<string, string>) => (await api(h, opsEndpoints.listWithdrawals, fields, finance)).body;
    expect(await refusal({ since: "2026-02-30" })).toMatchObject({ code: 0, err: "invalid_input", msg: "From date is invalid" });
    expect(await refusal({ until: "yesterday" })).toMatchObject({ err: "invalid_input", msg: "To date is invalid" });
    expect(await refusal({ since: "2026-11-05", until: "2026-11-04" })).toMatchObject({ msg: "To date is invalid" });
    expect(await refusal({ minAmount: "12.345" })).toMatchObject({ msg: "Smallest amount is invalid" });
    expect(await refusal({ minAmount: "20", maxAmount: "10" })).toMatchObject({ msg: "Largest amount is invalid" });
    expect(await refusal({ status: "paid" })).toMatchObject({ msg: "Status is invalid" });
    expect(await refusal({ sort: "name" })).toMatchObject({ msg: "Sort by is invalid" });
    expect(await refusal({ cursor: "bm90LWEtY3Vyc29y" })).toMatchObject({ msg: "Page position is invalid" });
    // a cursor made up with numbers past every column's range finds no row rather than failing the query
    const forged = Buffer.from(JSON.stringify(["time", "desc", 2 ** 52, 2 ** 40, 0])).toString("base64url");
    const past = await api(h, opsEndpoints.listWithdrawals, { status: "all", cursor: forged }, finance);
    expect(past.status).toBe(200);
    expect(past.body.data.items.length).toBe(LIST_PAGE_SIZE);
    // a cursor of one order cannot be read in another
    const next = (await api(h, opsEndpoints.listWithdrawals, { status: "all" }, finance)).body.data.next!;
    expect(await refusal({ status: "all", sort: "amount", cursor: next })).toMatchObject({ msg: "Page position is invalid" });
  });
});

/** The body of a CSV export, as lines; the answer must be CSV, not the envelope. */
async function csv(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  const response = await h.app.inject({ method: "GET", url: `${path}?${new URLSearchParams(fields)}`, headers });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z]+-\d{8}T\d{6}Z\.csv"$/);
  return { text: response.body, lines: response.body.split("\r\n").slice(0, -1) };
}

describe("CSV exports", () => {
  it("export the filtered set in full, amounts in U and times in ISO 8601 UTC", async () => {
    const { lines } = await csv(opsEndpoints.exportWithdrawals.path, { status: "all", since: "2026-11-02", until: "2026-11-02" }, finance);
    expect(lines[0]).toBe(
      "id,submitted_utc,user_id,account,phone,amount_u,fee_u,net_u,status,reason,reviewed_utc,first_approved_by,payout_state,payout_reference,payout_failure,payout_type,bank,branch,holder,number",
    );
    expect(lines.length).toBe(11);
    expect(lines[1]).toMatch(/^\d+,2026-11-02T00:00:\d\dZ,\d+,[a-z0-9]+,\d+,\d+\.\d\d,\d+\.\d\d,\d+\.\d\d,(review|success),/);
    const all = await csv(opsEndpoints.exportWithdrawals.path, { status: "all" }, finance);
    expect(all.lines.length).toBe(131);
  });

  it("quote commas, quotes and line breaks, and guard cells a spreadsheet would run as formulas", async () => {
    const user = customers[0]!;
    const tricky = ['card "gold", closed', "line one\nline two", '=HYPERLINK("http://evil.example","open")', "+1+1", "-2+3", "@SUM(A1)"];
    for (const reason of tricky) await withdrawal(user.id, 4_242, NOV_1 + 40 * DAY, { status: "failed", reason });
    const { text } = await csv(opsEndpoints.exportWithdrawals.path, { status: "failed", since: "2026-12-11" }, finance);
    expect(text).toContain(',"card ""gold"", closed",');
    expect(text).toContain(',"line one\nline two",');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""open"")",`);
    expect(text).toContain(",'+1+1,");
    expect(text).toContain(",'-2+3,");
    expect(text).toContain(",'@SUM(A1),");
    expect(text).toContain(",42.42,0.42,42.00,failed,");
    // and a name typed by a customer, in the customers' export
    await customer("=cmd|' /C calc'!A0", "13500009999");
    const people = await csv(opsEndpoints.exportUsers.path, { q: "13500009999" }, support);
    expect(people.lines[1]).toContain(",'=cmd|' /C calc'!A0,");
  });

  it("is audited with its filters, and refused like the list to a role without it", async () => {
    await csv(opsEndpoints.exportWithdrawals.path, { status: "success", minAmount: "5" }, finance);
    const audit = (await api(h, opsEndpoints.auditLog, { action: "GET /api/ops/withdrawals/csv" }, admin)).body.data.items[0]!;
    expect(audit).toMatchObject({ actor: "staff-finance", target: "export:withdrawals" });
    expect(audit.input).toMatchObject({ status: "success", minAmount: 500 });
    expect(audit.changes).toContainEqual({ field: "minAmount", before: null, after: "5.00" });
    const refused = await h.app.inject({ method: "GET", url: opsEndpoints.exportWithdrawals.path, headers: support });
    expect(refused.json()).toMatchObject({ code: 0, err: "ops_role_forbidden" });
    const bad = await h.app.inject({ method: "GET", url: `${opsEndpoints.exportWithdrawals.path}?since=nope`, headers: finance });
    expect(bad.json()).toMatchObject({ code: 0, err: "invalid_input", msg: "From date is invalid" });
    // the machine token reads and runs reports: an export is one
    expect((await csv(opsEndpoints.exportWithdrawals.path, {}, { "ops-token": OPS_TOKEN })).lines.length).toBeGreaterThan(1);
  });
});

describe("the other lists", () => {
  it("customers: by state, search and cash", async () => {
    const list = async (fields: Record<string, string>) => (await api(h, opsEndpoints.searchUsers, fields, support)).body.data;
    expect((await list({ state: "locked" })).items.map((user) => user.account)).toEqual(["cylist3"]);
    expect((await list({ state: "verified", q: "bob" })).items.map((user) => user.account)).toEqual(["boblist2"]);
    expect((await list({ sort: "cash", until: "2026-11-30" })).items[0]!.account).toBe("boblist2");
    expect((await list({ since: "2026-11-06", until: "2026-11-30" })).items.map((user) => user.account)).toEqual(["cylist3"]);
    expect((await list({ q: "BOBLIST2" })).total).toBe(1);
  });

  it("real-name requests: by status and search", async () => {
    const [ann, bob] = customers;
    const db = h.database.db;
    await db.insert(schema.verifications).values([
      { userId: ann!.id, name: "Ann", idNumber: "110101198001010010", createdAt: NOV_1 },
      { userId: bob!.id, name: "Bob", idNumber: "110101198001010029", status: "passed", createdAt: NOV_1 + DAY, reviewedAt: NOV_1 + DAY },
    ]);
    const list = async (fields: Record<string, string>) => (await api(h, opsEndpoints.listVerifications, fields, support)).body.data;
    expect((await list({})).items.map((row) => row.name)).toEqual(["Ann"]);
    expect((await list({ status: "passed" })).items.map((row) => row.name)).toEqual(["Bob"]);
    expect((await list({ status: "all", q: "boblist" })).items.map((row) => row.status)).toEqual(["passed"]);
    const exported = await csv(opsEndpoints.exportVerifications.path, { status: "all" }, support);
    expect(exported.lines.slice(1).map((line) => line.split(",")[6])).toEqual(["110101198001010029", "110101198001010010"]);
  });

  it("the ledger: every customer's rows with the balance after each, by reference, kind, size and date", async () => {
    const [ann, bob] = customers;
    const db = h.database.db;
    await db.insert(schema.ledger).values([
      { userId: ann!.id, account: "cash", delta: 10_000, reason: "recharge", reference: "recharge:900", createdAt: NOV_1 },
      { userId: ann!.id, account: "cash", delta: -2_550, reason: "stake", reference: "order:77", createdAt: NOV_1 + 60 },
      { userId: bob!.id, account: "cash", delta: 700, reason: "settle_win", reference: "order:78", createdAt: NOV_1 + 120 },
      { userId: ann!.id, account: "coin", delta: 300, reason: "exchange_in", reference: "exchange:5", createdAt: NOV_1 + 180 },
      { userId: ann!.id, account: "cash", delta: -1_000, reason: "stake", reference: "order:79", createdAt: NOV_1 + DAY },
    ]);
    const list = async (fields: Record<string, string>) => (await api(h, opsEndpoints.ledgerRows, fields, finance)).body.data;
    const annCash = await list({ q: ann!.account, balance: "cash", order: "asc" });
    expect(annCash.items.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([
      ["recharge", "100.00", "100.00"],
      ["stake", "-25.50", "74.50"],
      ["stake", "-10.00", "64.50"],
    ]);
    expect((await list({ q: "order:78" })).items.map((row) => [row.account, row.amount])).toEqual([[bob!.account, "7.00"]]);
    expect((await list({ ledgerKind: "stake" })).total).toBe(2);
    expect((await list({ sort: "amount", until: "2026-11-30" })).items.slice(0, 2).map((row) => row.amount)).toEqual(["100.00", "-25.50"]);
    expect((await list({ minAmount: "10", maxAmount: "25.50", until: "2026-11-30" })).items.map((row) => row.amount)).toEqual([
      "-10.00",
      "-25.50",
    ]);
    expect((await list({ since: "2026-11-02", until: "2026-11-30" })).items.map((row) => row.reference)).toEqual(["order:79"]);
    expect((await api(h, opsEndpoints.ledgerRows, { ledgerKind: "DROP TABLE" }, finance)).body.msg).toBe("Entry kind is invalid");
    const exported = await csv(opsEndpoints.exportLedger.path, { q: ann!.account, balance: "cash", order: "asc" }, finance);
    expect(exported.lines[0]).toBe("id,time_utc,user_id,account,balance,kind,amount_u,balance_after_u,reference");
    expect(exported.lines[2]).toMatch(/^\d+,2026-11-01T00:01:00Z,\d+,annlist1,cash,stake,-25\.50,74\.50,order:77$/);
  });

  it("the audit log: readable changes (amounts in U, before → after), by operator, date and target", async () => {
    const changed = await api(h, opsEndpoints.setMoneyRules, { withdrawMax: "3000" }, admin);
    expect(changed.body.code, changed.body.msg).toBe(1);
    const list = async (fields: Record<string, string>) => (await api(h, opsEndpoints.auditLog, fields, admin)).body.data;
    const [entry] = (await list({ action: "POST /api/ops/money-rules", actor: "staff-admin" })).items;
    expect(entry!.input).toMatchObject({ withdrawMax: 300_000 });
    expect(entry!.changes).toContainEqual({ field: "withdrawMax", before: "4999.00", after: "3000.00" });
    expect(entry!.changes.every((change) => change.before !== change.after)).toBe(true);
    expect((await list({ q: "settings:" })).items[0]!.target).toBe("settings:money");
    expect((await list({ until: "2020-01-01" })).total).toBe(0);
    const exported = await csv(opsEndpoints.exportAudit.path, { target: "settings:money" }, admin);
    expect(exported.lines[1]).toContain("withdrawMax: 4999.00 → 3000.00");
    // every list's rows are paged the same way: the log too
    const first = await list({});
    expect(first.items.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(3);
  });
});
