import { describe, expect, it } from "vitest";

import * as schema from "#server/db/schema";

import { databaseBeforeMigration, insertSeedContent, readSeedContent } from "./database-before-migration";

// the content as it was seeded before the seeded texts took the catalogs' terms
const before = readSeedContent("tests/server/fixtures/seed-content-before-catalog-terms.json");
const current = readSeedContent("server/modules/content/seed-content.json");
const OLD_GREETING = "お問い合わせありがとうございます。カスタマーサービスです。本日はどのようなご用件でしょうか。";

describe("seeded texts before the catalogs' terms (migration 0047)", () => {
  it("takes the new seeded text where a row still holds the old one; an operator's or admin's edit is kept", async () => {
    const { client, db, upgrade } = await databaseBeforeMigration("0047_catalog_terms");
    await insertSeedContent(client, before);
    // an operator retitled the Korean yuebao banner: the row keeps every word as written
    const editedTitle = "Yuebao 이자 이벤트";
    await client.query("update contents set title = $1 where item = 'banner-yuebao' and lang = 'kor'", [editedTitle]);
    // admin wrote a second Japanese greeting of their own, in the old words
    await client.query("insert into support_canned (language, title, text, updated_at) values ('jp', 'ご挨拶（夜間）', $1, 1)", [
      OLD_GREETING,
    ]);

    await upgrade();

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
