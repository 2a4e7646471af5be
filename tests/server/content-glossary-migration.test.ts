import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

import * as schema from "#server/db/schema";

type SeedText = Record<string, { title: string; summary: string; body: string }>;
type Seed = Array<{ item: string; kind: string; text: SeedText }>;

const MIGRATIONS = "server/db/migrations";
const readSeed = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Seed;
// the content as first starts seeded it before the glossary terms were applied
const before = readSeed("tests/server/fixtures/seed-content-before-glossary.json");
const current = readSeed("server/modules/content/seed-content.json");

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** The migrations folder as it was up to (not including) the migration tagged `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  folders.push(folder);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

describe("content seeded before the glossary", () => {
  it("takes the current seed text where a row still holds the old seeded text; an operator's edit is kept", async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore("0011_content_glossary") });
    // written in SQL: the schema of today has columns later migrations add, which this older table lacks
    for (const entry of before) {
      for (const [lang, text] of Object.entries(entry.text)) {
        await client.query("insert into contents (item, kind, lang, title, summary, body, created_at) values ($1, $2, $3, $4, $5, $6, 1)", [
          entry.item,
          entry.kind,
          lang,
          text.title,
          text.summary,
          text.body,
        ]);
      }
    }
    // an operator rewrote the Spanish recharge notice's title only; summary and body still hold the old words
    const edited = { item: "notice-deposit", lang: "es" };
    const editedTitle = "Antes de cada depósito, hable con nosotros";
    await client.query("update contents set title = $1 where item = $2 and lang = $3", [editedTitle, edited.item, edited.lang]);
    const editedBefore = (
      await client.query<{ summary: string; body: string }>("select summary, body from contents where item = $1 and lang = $2", [
        edited.item,
        edited.lang,
      ])
    ).rows[0]!;

    // and rewrote the French daily sign-in activity, which a later seed dropped (0019): kept as written
    await client.query("update contents set title = $1 where item = 'activity-signin' and lang = 'fr'", ["Bonus du jour"]);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const rows = await db.select().from(schema.contents);
    // the seeded sign-in activity repeated the activity centre's own sign-in card: gone, but for the operator's edit
    expect(rows.filter((row) => row.item === "activity-signin").map((row) => [row.lang, row.title])).toEqual([["fr", "Bonus du jour"]]);
    let updated = 0;
    for (const row of rows) {
      if (row.item === "activity-signin") continue;
      const text = { title: row.title, summary: row.summary, body: row.body };
      if (row.item === edited.item && row.lang === edited.lang) {
        expect(text).toEqual({ title: editedTitle, summary: editedBefore.summary, body: editedBefore.body });
        continue;
      }
      const wanted = current.find((entry) => entry.item === row.item)!.text[row.lang]!;
      expect(text, `${row.item} ${row.lang}`).toEqual(wanted);
      if (JSON.stringify(before.find((entry) => entry.item === row.item)!.text[row.lang]) !== JSON.stringify(wanted)) updated++;
    }
    // the fixture really is the older text: rows changed in several languages
    expect(updated).toBeGreaterThan(10);
    await client.close();
  });
});
