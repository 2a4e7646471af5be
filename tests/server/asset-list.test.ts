import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { MARKETS } from "#contract/markets";
import { PRODUCT_CATALOG } from "#server/market/catalog";

import { api, type Harness, startHarness } from "./harness";

/** The list the trade screen's asset switcher shows: every product, its top payout, in the reader's language. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe("the asset list", () => {
  it("lists the whole catalogue, each market's share, each with the highest payout of its settlement times", async () => {
    const list = (await api(h, endpoints.products, {})).body.data;
    expect(list).toHaveLength(PRODUCT_CATALOG.length);
    for (const market of MARKETS) expect(list.filter((p) => p.market === market).length, market).toBeGreaterThanOrEqual(4);
    for (const product of list.slice(0, 5)) {
      const goods = (await api(h, endpoints.seconds, { pid: String(product.id) })).body.data;
      const top = Math.max(...goods.map((option: { payoutRate: string }) => Number(option.payoutRate)));
      expect(Number(product.topPayoutRate), product.code).toBe(top);
    }
    expect(new Set(list.map((p) => p.topPayoutRate))).toEqual(new Set(["0.9"]));
  });

  it("names NVIDIA as Hong Kong writes it, and every product in each language", async () => {
    const hk = (await api(h, endpoints.products, {}, { lang: "hk" })).body.data;
    expect(hk.find((p) => p.code === "NVDA")!.name).toBe("英偉達");
    const th = (await api(h, endpoints.products, {}, { lang: "th" })).body.data;
    expect(th.find((p) => p.code === "NG")!.name).toBe("ก๊าซธรรมชาติ");
  });
});
