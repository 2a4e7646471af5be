import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

import * as schema from "#server/db/schema";

type Seed = Array<{ item: string; kind: string; text: Record<string, { title: string; summary: string; body: string }> }>;

const MIGRATIONS = "server/db/migrations";
const readSeed = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Seed;
// the content as it was seeded before the seeded texts took the catalogs' terms
const before = readSeed("tests/server/fixtures/seed-content-before-catalog-terms.json");
const current = readSeed("server/modules/content/seed-content.json");
const OLD_GREETING = "お問い合わせありがとうございます。カスタマーサービスです。本日はどのようなご用件でしょうか。";

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

describe("seeded texts before the catalogs' terms (migration 0047)", () => {
  it("takes the new seeded text where a row still holds the old one; an operator's or admin's edit is kept", async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBefore("0047_catalog_terms") });
    for (const entry of before)
      for (const [lang, text] of Object.entries(entry.text))
        await client.query("insert into contents (item, kind, lang, title, summary, body, created_at) values ($1, $2, $3, $4, $5, $6, 1)", [
          entry.item,
          entry.kind,
          lang,
          text.title,
          text.summary,
          text.body,
        ]);
    // an operator retitled the Korean yuebao banner: the row keeps every word as written
    const editedTitle = "Yuebao 이자 이벤트";
    await client.query("update contents set title = $1 where item = 'banner-yuebao' and lang = 'kor'", [editedTitle]);
    // admin wrote a second Japanese greeting of their own, in the old words
    await client.query("insert into support_canned (language, title, text, updated_at) values ('jp', 'ご挨拶（夜間）', $1, 1)", [
      OLD_GREETING,
    ]);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    let updated = 0;
    for (const row of await db.select().from(schema.contents)) {
      const text = { title: row.title, summary: row.summary, body: row.body };
      const old = before.find((entry) => entry.item === row.item)!.text[row.lang]!;
      if (row.item === "banner-yuebao" && row.lang === "kor") {
        expect(text).toEqual({ ...old, title: editedTitle });
        continue;
      }
      const wanted = current.find((entry) => entry.item === row.item)!.text[row.lang]!;
      expect(text, `${row.item} ${row.lang}`).toEqual(wanted);
      if (JSON.stringify(old) !== JSON.stringify(wanted)) updated++;
    }
    // the fixture really is the older text: the Japanese, German, French, Spanish and English rows changed
    expect(updated).toBe(11);

    const greetings = await client.query<{ title: string; text: string }>(
      "select title, text from support_canned where language = 'jp' and title like 'ご挨拶%' order by id",
    );
    expect(greetings.rows).toEqual([
      { title: "ご挨拶", text: OLD_GREETING.replace("カスタマーサービス", "カスタマーサポート") },
      { title: "ご挨拶（夜間）", text: OLD_GREETING },
    ]);
    await client.close();
  });
});
