import { readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { LANGUAGE_CODES } from "#contract/languages";
import { COVERED_MEMORY_SECONDS } from "#server/market/fair-seeds";
import { SimulatedProvider } from "#server/market/provider";

import { api, type Harness, loginDemo, productId, rid, startHarness } from "./harness";

/** The catalogue's words for a key in one language, as its translators wrote them (locales/<code>/pages.po). */
function catalogueText(code: string, id: string): string {
  const po = readFileSync(new URL(`../../locales/${code}/pages.po`, import.meta.url), "utf8");
  const match = new RegExp(`msgid "${id}"\\nmsgstr "(.*)"`).exec(po);
  if (!match) throw new Error(`${id} is not in locales/${code}/pages.po`);
  return JSON.parse(`"${match[1]}"`) as string;
}

describe("an order no published commitment covers is refused as feed_uncommitted", () => {
  let h: Harness;
  let token: string;
  let btc: number;

  beforeAll(async () => {
    h = await startHarness({ provider: new SimulatedProvider() });
    token = await loginDemo(h);
    btc = productId(h.feed, "BTCUSDT");
    await h.advance(2);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it("goorder allows the order while the minutes are committed", async () => {
    expect((await api(h, endpoints.preTradeCheck, { pid: String(btc) }, { token })).body.data).toEqual({ allowed: true });
  });

  it("goorder names feed_uncommitted and addorder refuses it in the catalogue's words of each of the ten languages", async () => {
    // as after a leader change: the minutes' seeds are gone, and no new commitment has been published yet
    await h.database.db.execute(`update fair_commitments set lost = true` as never);
    // a process trusts a minute it saw covered for a few seconds (an order in them on a lost minute is void at
    // settlement); the feed goes on meanwhile and commits nothing new for the minutes already promised
    await h.advance(COVERED_MEMORY_SECONDS + 1);
    expect((await api(h, endpoints.preTradeCheck, { pid: String(btc) }, { token })).body.data).toEqual({
      allowed: false,
      reason: "feed_uncommitted",
    });
    const texts = new Set<string>();
    for (const lang of LANGUAGE_CODES) {
      const fields = { pid: String(btc), direction: "up", seconds: "60", amount: "100", requestId: rid() };
      const refused = await api(h, endpoints.placeOrder, fields, { token, lang });
      expect(refused.status).toBe(422);
      expect(refused.body.err).toBe("feed_uncommitted");
      expect(refused.body.msg).toBe(catalogueText(lang, "error.feed_uncommitted"));
      texts.add(refused.body.msg);
    }
    expect(texts.size).toBe(LANGUAGE_CODES.length);
  });
});

describe("an order opens only on a tick its minute's commitment covers", () => {
  let h: Harness;
  afterAll(async () => {
    await h?.close();
  });

  it("a second after the first commitment, before the feed has recorded that second, the order is refused, not opened on the uncommitted tick before it", async () => {
    // at start the feed commits the minutes ahead and records the current second: that second came before the
    // commitment, so it is uncommitted; the commitment covers the next second on
    h = await startHarness({ provider: new SimulatedProvider() });
    const token = await loginDemo(h);
    const btc = productId(h.feed, "BTCUSDT");
    const place = () =>
      api(h, endpoints.placeOrder, { pid: String(btc), direction: "up", seconds: "60", amount: "100", requestId: rid() }, { token });
    // the clock moves a second and the round for it has not run yet: the newest tick is still the uncommitted one
    h.clock.now += 1;
    const refused = await place();
    expect(refused.body.err).toBe("feed_uncommitted");
    // once a covered second is recorded the order opens, on a committed tick
    await h.advance(1);
    const opened = await place();
    expect(opened.body.code).toBe(1);
    const [tick] = (
      (await h.database.db.execute(
        `select t.uncommitted from orders o join ticks t on t.product_id = o.product_id and t.time = o.open_tick_time where o.id = ${opened.body.data.id}` as never,
      )) as unknown as { rows: Array<{ uncommitted: boolean }> }
    ).rows;
    expect(tick).toEqual({ uncommitted: false });
  });
});
