import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

import { TRANSLATED_LANGUAGES } from "#contract/localized-texts";
import { MARKETS } from "#contract/markets";
import { parsePrice } from "#contract/money";
import * as schema from "#server/db/schema";
import { DEFAULT_OPTIONS, FIRST_RELEASE_CODES, PRODUCT_CATALOG } from "#server/market/catalog";
import { seedProducts } from "#server/market/seed-products";
import { seedTranslations } from "#server/modules/localized-texts/seed-translations";

/**
 * The catalogue's forty-odd instruments: each market has its share, every product is named in all ten
 * languages, and a database seeded before the additions gets them from migration 0042, the same as a new
 * database gets them from the seed, without any existing product changing.
 */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const MIGRATION = "server/db/migrations/0042_more_instruments.sql";

async function databaseUpTo(tag: string | null) {
  const folder = mkdtempSync(join(tmpdir(), "migrations-"));
  folders.push(folder);
  cpSync("server/db/migrations", folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = tag === null ? journal.entries.length : journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  const client = new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: folder });
  return { client, db };
}

interface ProductSnapshot {
  code: string;
  name: string;
  name_texts: Record<string, string> | null;
  market: string;
  calendar: string;
  precision: number;
  base_price: string;
  volatility_bps: number;
  fee_bps: number;
  single_min: string;
  single_max: string;
  total_max: string;
  trading_enabled: boolean;
  options: string;
}

async function productsOf(client: PGlite): Promise<Map<string, ProductSnapshot>> {
  const rows = await client.query<ProductSnapshot>(
    `select p.code, p.name, p.name_texts, p.market, p.calendar, p.precision, p.base_price::text, p.volatility_bps, p.fee_bps,
            p.single_min::text, p.single_max::text, p.total_max::text, p.trading_enabled,
            coalesce((select string_agg(o.seconds || ':' || o.payout_bps || ':' || o.min_amount || ':' || o.max_amount, ',' order by o.seconds)
                      from seconds_options o where o.product_id = p.id), '') as options
       from products p order by p.market, p.sort_order, p.id`,
  );
  return new Map(rows.rows.map((row) => [row.code, row]));
}

/** Runs the migration's statements again, as a second start on a database that already has them would. */
async function runMigrationAgain(client: PGlite) {
  for (const statement of readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint")) await client.exec(statement);
}

describe("the product catalogue", () => {
  it("has at least 40 instruments, several in each of the five markets", () => {
    expect(PRODUCT_CATALOG.length).toBeGreaterThanOrEqual(40);
    const perMarket = Object.fromEntries(MARKETS.map((market) => [market, PRODUCT_CATALOG.filter((p) => p.market === market).length]));
    expect(perMarket).toEqual({ forex: 12, metals: 4, futures: 9, stocks: 11, crypto: 8 });
    expect(new Set(PRODUCT_CATALOG.map((p) => p.code)).size).toBe(PRODUCT_CATALOG.length);
    // the first release's products keep their ids: they are seeded first
    expect(PRODUCT_CATALOG.slice(0, 12).map((p) => p.code)).toEqual([...FIRST_RELEASE_CODES]);
  });

  it("names every product in all ten languages, NVIDIA as Hong Kong writes it", () => {
    for (const product of PRODUCT_CATALOG) {
      expect(product.name.trim(), product.code).not.toBe("");
      for (const language of TRANSLATED_LANGUAGES) expect(product.nameTexts[language]?.trim(), `${product.code} ${language}`).toBeTruthy();
    }
    expect(PRODUCT_CATALOG.find((p) => p.code === "NVDA")!.nameTexts.hk).toBe("英偉達");
  });

  it("gives a simulated step of a few units of the last digit: precision fits price and volatility", () => {
    for (const product of PRODUCT_CATALOG) {
      const scaled = parsePrice(product.basePrice, product.precision);
      // one second's standard deviation of an annualised volatility, in units of the last digit: below half a unit
      // the walk would mostly round to no move
      const perSecond = (scaled * product.volatilityPct) / 100 / Math.sqrt(365 * 24 * 3600);
      expect(perSecond, product.code).toBeGreaterThan(0.4);
      expect(perSecond, product.code).toBeLessThan(1000);
    }
  });
});

describe("seeding and migration 0042", () => {
  it("seeds a new database with the whole catalogue and its names; the migration there inserts nothing", async () => {
    const { client, db } = await databaseUpTo(null);
    expect((await client.query("select 1 from products")).rows).toHaveLength(0);
    await seedProducts(db);
    await seedTranslations(db);
    const seeded = await productsOf(client);
    expect([...seeded.keys()].sort()).toEqual(PRODUCT_CATALOG.map((p) => p.code).sort());
    for (const product of PRODUCT_CATALOG) expect(seeded.get(product.code)!.name_texts).toEqual(product.nameTexts);
    await runMigrationAgain(client);
    expect(await productsOf(client)).toEqual(seeded);
    await client.close();
  }, 180_000);

  it("adds the missing products to a database seeded before them, leaves the existing ones as they were, and does it once", async () => {
    const { client, db } = await databaseUpTo("0042_more_instruments");
    // the first release's database: its twelve products, one of them changed by an operator since
    await seedProducts(db);
    const later = PRODUCT_CATALOG.filter((p) => !FIRST_RELEASE_CODES.has(p.code)).map((p) => `'${p.code}'`);
    await client.exec(`delete from seconds_options where product_id in (select id from products where code in (${later.join(",")}));
                       delete from products where code in (${later.join(",")});
                       update products set name_texts = null where true;`);
    await seedTranslations(db);
    await client.exec(`update products set name = 'NVIDIA Corp', fee_bps = 250, trading_enabled = false where code = 'NVDA';
                       update seconds_options set payout_bps = 7000 where product_id = (select id from products where code = 'NVDA')`);
    const before = await productsOf(client);
    expect(before.size).toBe(12);

    await migrate(db, { migrationsFolder: "server/db/migrations" });
    const after = await productsOf(client);
    expect(after.size).toBe(PRODUCT_CATALOG.length);
    for (const [code, row] of before) expect(after.get(code), code).toEqual(row);
    const options = DEFAULT_OPTIONS.map((o) => `${o.seconds}:${o.payoutPct * 100}:${o.min}:${o.max}`).join(",");
    for (const product of PRODUCT_CATALOG.filter((p) => !FIRST_RELEASE_CODES.has(p.code))) {
      const row = after.get(product.code)!;
      expect(row, product.code).toMatchObject({
        name: product.name,
        name_texts: product.nameTexts,
        market: product.market,
        calendar: product.calendar,
        precision: product.precision,
        base_price: String(parsePrice(product.basePrice, product.precision)),
        volatility_bps: product.volatilityPct * 100,
        fee_bps: 100,
        trading_enabled: true,
        options,
      });
    }
    // each market lists its first-release products first, then the added ones in the catalogue's order
    for (const market of MARKETS)
      expect([...after.values()].filter((row) => row.market === market).map((row) => row.code)).toEqual(
        PRODUCT_CATALOG.filter((p) => p.market === market).map((p) => p.code),
      );

    await runMigrationAgain(client);
    expect(await productsOf(client)).toEqual(after);
    const optionRows = await client.query<{ n: number }>("select count(*)::int as n from seconds_options");
    expect(optionRows.rows[0]!.n).toBe(PRODUCT_CATALOG.length * DEFAULT_OPTIONS.length);
    await client.close();
  }, 180_000);
});
