import { describe, expect, it } from "vitest";

import * as schema from "#server/db/schema";

import { databaseBeforeMigration, insertSeedContent, readSeedContent } from "./database-before-migration";

// the content as first starts seeded it before the glossary terms were applied
const before = readSeedContent("tests/server/fixtures/seed-content-before-glossary.json");
const current = readSeedContent("server/modules/content/seed-content.json");

describe("content seeded before the glossary", () => {
  it("takes the current seed text where a row still holds the old seeded text; an operator's edit is kept", async () => {
    const { client, db, upgrade } = await databaseBeforeMigration("0011_content_glossary");
    await insertSeedContent(client, before);
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

    await upgrade();

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
