import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { formatPrice } from "#contract/money";
import { apiPaths } from "#contract/paths";
import { candles } from "#server/db/schema";

import { type Harness, startHarness } from "./harness";
import { countStatements } from "./statements";

// The chart pages back through history with `before` and forward again with `after`: recent ranges answer
// from the in-memory ring, older ones from the database, and both read like the database's own candles.
let h: Harness;
let pid: number;
let precision: number;
/** every stored one-minute candle of the product, oldest first, as the API writes them */
let all: Array<[number, string, string, string, string]>;
const EXTRA = 3000;

beforeAll(async () => {
  h = await startHarness();
  const product = [...h.feed.products.values()].find((p) => p.market === "crypto")!;
  pid = product.id;
  precision = product.precision;
  // a long minute history, older than the ring's 1 000 candles: the database has to answer for it
  const [first] = await h.database.db
    .execute(sql`select min(time) as time from candles where product_id = ${pid} and period = '1m'`)
    .then((result) => (result as unknown as { rows: Array<{ time: number }> }).rows);
  const start = Number(first!.time) - EXTRA * 60;
  const rows = Array.from({ length: EXTRA }, (_, i) => {
    const open = product.basePrice + (i % 97);
    return { productId: pid, period: "1m", time: start + i * 60, open, high: open + 5, low: open - 5, close: open + 1 };
  });
  for (let i = 0; i < rows.length; i += 500) await h.database.db.insert(candles).values(rows.slice(i, i + 500));
  const stored = await h.database.db.execute(
    sql`select time, open, high, low, close from candles where product_id = ${pid} and period = '1m' order by time`,
  );
  all = (stored as unknown as { rows: Array<Record<string, number>> }).rows.map((row) => [
    Number(row.time),
    ...([row.open, row.high, row.low, row.close].map((value) => formatPrice(Number(value), precision)) as [string, string, string, string]),
  ]);
});
afterAll(() => h?.close());

async function get(query: Record<string, string>) {
  const response = await h.app.inject({
    method: "GET",
    url: `${apiPaths.klines.path}?${new URLSearchParams({ pid: String(pid), ...query })}`,
  });
  return { status: response.statusCode, body: response.json() as { code: number; err?: string; msg: string; data: typeof all } };
}

const statementsDuring = (work: () => Promise<unknown>) => countStatements(h, work);

describe("K-line history pages", () => {
  it("pages back with `before` from the newest candle to the first, every candle once, as the database holds them", async () => {
    expect(all.length).toBeGreaterThan(EXTRA);
    const latest = (await get({ period: "1m", limit: "500" })).body.data;
    expect(latest).toEqual(all.slice(-500));
    let pages: typeof all = latest;
    for (let page = 0; page < 20; page++) {
      const answer = await get({ period: "1m", limit: "500", before: String(pages[0]![0]) });
      expect(answer.body.code).toBe(1);
      if (answer.body.data.length === 0) break;
      pages = [...answer.body.data, ...pages];
    }
    expect(pages).toEqual(all);
  });

  it("answers a recent range from the ring without the database, an older one from the database", async () => {
    await get({ period: "1m", limit: "10" });
    const recent = all.at(-200)![0];
    let answer: typeof all = [];
    expect(
      await statementsDuring(async () => (answer = (await get({ period: "1m", limit: "100", before: String(recent) })).body.data)),
    ).toBe(0);
    expect(answer).toEqual(all.slice(-300, -200));
    const old = all[1500]![0];
    expect(
      await statementsDuring(async () => (answer = (await get({ period: "1m", limit: "100", before: String(old) })).body.data)),
    ).toBeGreaterThan(0);
    expect(answer).toEqual(all.slice(1400, 1500));
    // a time between two candles: only those that start before it
    expect((await get({ period: "1m", limit: "3", before: String(old + 30) })).body.data).toEqual(all.slice(1498, 1501));
  });

  it("pages forward with `after`, from the database and then the ring, up to the live candle", async () => {
    let pages: typeof all = all.slice(0, 1);
    for (let page = 0; page < 20; page++) {
      const answer = (await get({ period: "1m", limit: "700", after: String(pages.at(-1)![0]) })).body.data;
      if (answer.length === 0) break;
      pages = [...pages, ...answer];
    }
    expect(pages).toEqual(all);
    const recent = all.at(-50)![0];
    let answer: typeof all = [];
    expect(await statementsDuring(async () => (answer = (await get({ period: "1m", limit: "20", after: String(recent) })).body.data))).toBe(
      0,
    );
    expect(answer).toEqual(all.slice(-49, -29));
  });

  it("before the first candle there is nothing; after the last there is nothing yet", async () => {
    expect((await get({ period: "1m", before: String(all[0]![0]) })).body.data).toEqual([]);
    expect((await get({ period: "1m", after: String(all.at(-1)![0]) })).body.data).toEqual([]);
  });

  it("refuses a bad bound, both bounds at once, and a count over 5 000 with the catalogue's invalid_input", async () => {
    const bad: Array<Record<string, string>> = [
      { before: "abc" },
      { before: "-60" },
      { before: "1.5" },
      { before: "" },
      { before: "12345678901" },
      { after: "1e9" },
      { before: String(all.at(-1)![0]), after: String(all[0]![0]) },
      { before: String(all.at(-1)![0]), limit: "5001" },
      { before: String(all.at(-1)![0]), limit: "0" },
      { after: String(all[0]![0]), limit: "99999" },
    ];
    for (const query of bad) {
      const answer = await get({ period: "1m", ...query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.err, JSON.stringify(query)).toBe("invalid_input");
      expect(answer.body.code).toBe(0);
      expect(answer.body.msg).toMatch(/is invalid$/);
    }
    // the most one page holds
    const most = await get({ period: "1m", limit: "5000", before: String(all.at(-1)![0] + 1) });
    expect(most.body.data).toHaveLength(Math.min(5000, all.length));
  });

  it("an older range is read through the candles' primary key, not a scan of the table", async () => {
    const plan = await h.database.db.execute(
      sql`explain select * from candles where product_id = ${pid} and period = '1m' and time < ${all[1500]![0]} order by time desc limit 500`,
    );
    const text = (plan as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join("\n");
    expect(text).toMatch(/Index Scan Backward using candles_product_id_period_time_pk/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});
