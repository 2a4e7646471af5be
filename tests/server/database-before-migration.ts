import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

import * as schema from "#server/db/schema";

const MIGRATIONS = "server/db/migrations";

/** Seeded content items as the seed file (and the fixtures of older seeds) hold them. */
export type SeedContent = Array<{ item: string; kind: string; text: Record<string, { title: string; summary: string; body: string }> }>;

export const readSeedContent = (path: string) => JSON.parse(readFileSync(path, "utf8")) as SeedContent;

/**
 * An in-memory database as a server had it just before the migration tagged `tag` (every migration before it,
 * none from it on), for a test that writes what such a server held and then upgrades it (`upgrade`: the
 * migrations from `tag` on, as the next start would apply them). An unknown tag, or the first migration, is
 * an error: the test would otherwise start from an empty or a current database and prove nothing.
 */
export async function databaseBeforeMigration(tag: string) {
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  const client = new PGlite();
  const db = drizzle(client, { schema });
  try {
    cpSync(MIGRATIONS, folder, { recursive: true });
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const index = journal.entries.findIndex((entry) => entry.tag === tag);
    if (index < 1) throw new Error(`no migration before ${tag} in ${MIGRATIONS}`);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    await migrate(db, { migrationsFolder: folder });
  } catch (error) {
    await client.close();
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { client, db, upgrade: () => migrate(db, { migrationsFolder: MIGRATIONS }) };
}

/**
 * Writes seeded content rows as a first start wrote them then. In SQL: today's schema has columns later
 * migrations add, which the older table lacks.
 */
export async function insertSeedContent(client: PGlite, seed: SeedContent): Promise<void> {
  for (const entry of seed)
    for (const [lang, text] of Object.entries(entry.text))
      await client.query("insert into contents (item, kind, lang, title, summary, body, created_at) values ($1, $2, $3, $4, $5, $6, 1)", [
        entry.item,
        entry.kind,
        lang,
        text.title,
        text.summary,
        text.body,
      ]);
}
