import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import * as schema from "#server/db/schema";

import { api, type Harness, rid, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/** A withdrawal keeps where it was paid: removing the card later takes nothing from the record. */
let h: Harness;
const folders: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00" });
});
afterAll(async () => {
  await h?.close();
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

describe("the payout destination of a withdrawal", () => {
  it("stays on the withdrawal for the console, the CLI and the customer after the card is removed", async () => {
    const customer = await fundedUser(h, "snapshot01", "1000");
    const asked = await api(
      h,
      endpoints.withdraw,
      { requestId: rid(), amount: "300", cardId: String(customer.cardId), payPassword: customer.payPassword },
      { token: customer.token },
    );
    const id = asked.body.data.id as number;
    const finance = await staff(h, "finance");
    expect((await api(h, opsEndpoints.reviewWithdrawal, { id: String(id), decision: "approve" }, finance)).body.code).toBe(1);
    const removed = await api(
      h,
      endpoints.deleteCard,
      { id: String(customer.cardId), payPassword: customer.payPassword, requestId: rid() },
      { token: customer.token },
    );
    expect(removed.body.code, removed.body.msg).toBe(1);
    const expected = { channel: "bank", bank: "snapshot01 Bank", branch: "", number: customer.cardNumber, holder: "snapshot01" };
    // the console's and the CLI's queue (one endpoint)
    const listed = (await api(h, opsEndpoints.listWithdrawals, { status: "all" }, finance)).body.data.items.find((row) => row.id === id);
    expect(listed?.payout).toEqual(expected);
    // the customer's record
    const record = (await api(h, endpoints.withdrawRecords, { page: "1" }, { token: customer.token })).body.data.items.find(
      (item) => item.id === id,
    );
    expect(record).toMatchObject({ type: "bank", bankName: "snapshot01 Bank", cardTail: customer.cardNumber.slice(-4) });
  });

  it("is filled in by the migration for past withdrawals whose card still exists", async () => {
    const folder = mkdtempSync(join(tmpdir(), "migrations-"));
    folders.push(folder);
    cpSync("server/db/migrations", folder, { recursive: true });
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const index = journal.entries.findIndex((entry) => entry.tag === "0031_controls_that_hold");
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    const client = new PGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: folder });
    // written in SQL: today's schema has the columns this migration adds
    await client.query(
      "insert into users (id, account, password_hash, pay_password_hash, phone, invite_code, created_at) values (1, 'old01', 'x', 'x', '13900000001', 'OLD001', 1)",
    );
    await client.query(
      "insert into bank_cards (id, user_id, type, bank_name, branch, number, holder, created_at) values (7, 1, 'bank', 'Old Bank', 'Main St', '6222000011112223', 'Old Holder', 1)",
    );
    await client.query(
      "insert into withdrawals (user_id, card_id, amount, fee, actual, status, created_at) values (1, 7, 10000, 100, 9900, 'success', 1), (1, 8, 5000, 50, 4950, 'success', 1)",
    );
    await client.query("insert into ops_audit (actor, at, action) values ('token', 1, 'GET a'), ('token', 2, 'GET b')");
    await migrate(db, { migrationsFolder: "server/db/migrations" });
    const rows = await client.query<Record<string, unknown>>(
      "select card_id, payout_type, payout_bank, payout_branch, payout_holder, payout_number from withdrawals order by id",
    );
    expect(rows.rows).toEqual([
      {
        card_id: 7,
        payout_type: "bank",
        payout_bank: "Old Bank",
        payout_branch: "Main St",
        payout_holder: "Old Holder",
        payout_number: "6222000011112223",
      },
      // its card was removed before copies were kept: nothing to copy from
      { card_id: 8, payout_type: null, payout_bank: null, payout_branch: null, payout_holder: null, payout_number: null },
    ]);
    // the audit rows already there are chained in id order
    const audit = await client.query<{ chain_seq: string; prev_hash: string; hash: string }>(
      "select chain_seq, prev_hash, hash from ops_audit order by id",
    );
    expect(audit.rows.map((row) => Number(row.chain_seq))).toEqual([1, 2]);
    expect(audit.rows[1]!.prev_hash).toBe(audit.rows[0]!.hash);
    await client.close();
  });
});
