import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

import * as schema from "#server/db/schema";

/**
 * The migration that made phone numbers unique (0038) on a database that already holds accounts: it refuses
 * over two accounts on one number, naming them, and applies once the operator has resolved them as
 * docs/operations.md says.
 */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A database migrated up to the migration before 0038. */
async function databaseBefore0038() {
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  folders.push(folder);
  cpSync("server/db/migrations", folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === "0038_one_phone_one_account");
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  const client = new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: folder });
  return { client, db };
}

const insertUser = (id: number, account: string, phone: string) =>
  `insert into users (id, account, password_hash, phone, invite_code, created_at) values (${id}, '${account}', 'x', '${phone}', 'C${id}', 1)`;

describe("migration 0038: one phone, one account", () => {
  it("refuses over accounts sharing a number in any written form, naming them, and changes nothing", async () => {
    const { client, db } = await databaseBefore0038();
    for (const statement of [
      insertUser(1, "alice01", "8613800138000"),
      insertUser(2, "bob0002", "+8613800138000"),
      insertUser(3, "carol03", "008613800138000"),
      insertUser(4, "dave004", "13900000004"),
    ])
      await client.query(statement);
    const refused = await migrate(db, { migrationsFolder: "server/db/migrations" }).then(
      () => null,
      (error: unknown) => error as Error & { cause?: Error },
    );
    expect(refused).not.toBeNull();
    const message = `${refused!.message} ${refused!.cause?.message ?? ""}`;
    expect(message).toContain("8613800138000: alice01 (#1), bob0002 (#2), carol03 (#3)");
    expect(message).not.toContain("dave004");
    const columns = await client.query(
      "select 1 from information_schema.columns where table_name = 'users' and column_name = 'verified_phone'",
    );
    expect(columns.rows).toHaveLength(0);
    await client.close();
  }, 180_000);

  it("applies once the accounts that give the number up are marked, and the index then refuses a second account", async () => {
    const { client, db } = await databaseBefore0038();
    await client.query(insertUser(1, "alice01", "8613800138000"));
    await client.query(insertUser(2, "bob0002", "+8613800138000"));
    // the upgrade note's resolution: bob gives the number up
    await client.query("update users set phone = 'unverified:' || phone where id in (2)");
    await migrate(db, { migrationsFolder: "server/db/migrations" });
    const rows = await client.query<{ id: number; phone: string; verified_phone: string | null }>(
      "select id, phone, verified_phone from users order by id",
    );
    expect(rows.rows).toEqual([
      { id: 1, phone: "8613800138000", verified_phone: "8613800138000" },
      { id: 2, phone: "unverified:+8613800138000", verified_phone: null },
    ]);
    await expect(
      client.query(
        "insert into users (id, account, password_hash, phone, verified_phone, invite_code, created_at) values (5, 'eve0005', 'x', '+8613800138000', '8613800138000', 'C5', 1)",
      ),
    ).rejects.toThrow('duplicate key value violates unique constraint "users_verified_phone_unique"');
    await client.close();
  }, 180_000);
});
