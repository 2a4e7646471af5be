import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiPaths } from "#contract/paths";
import { operators, products } from "#server/db/schema";
import { seedTranslations } from "#server/modules/localized-texts/seed-translations";
import { createOperator } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";

import { api, type Harness, loginDemo, OPS_TOKEN, rid, startHarness } from "./harness";

/**
 * Product names, plan titles and channel texts in the reader's language, English where a language has none;
 * the operator edits them and the next quote snapshot shows the edit.
 */
let h: Harness;
const admin = { "ops-token": OPS_TOKEN };
let gold: number;
let oil: number;

const productList = async (lang: string) =>
  (await api(h, "GET", apiPaths.products.path, { market: "metals" }, { lang })).body.data as Array<{ id: number; name: string }>;
const nameIn = async (lang: string, pid: number, market = "metals") =>
  ((await api(h, "GET", apiPaths.products.path, { market }, { lang })).body.data as Array<{ id: number; name: string }>).find(
    (p) => p.id === pid,
  )?.name;
const productRow = async (pid: number) => (await h.database.db.select().from(products).where(eq(products.id, pid)))[0]!;

beforeAll(async () => {
  h = await startHarness();
  gold = (await productList("en")).find((p) => p.name === "Gold XAU/USD")!.id;
  oil = ((await api(h, "GET", apiPaths.products.path, { market: "futures" })).body.data as Array<{ id: number; name: string }>).find(
    (p) => p.name === "Crude Oil WTI",
  )!.id;
});
afterAll(() => h?.close());

describe("product names in the quote answers", () => {
  it("names a product in the request's language: jp and zh from the seed, English for an unknown language", async () => {
    expect(await nameIn("jp", gold)).toBe("金 XAU/USD");
    expect(await nameIn("zh", gold)).toBe("黄金 XAU/USD");
    expect(await nameIn("fr", gold)).toBe("Or XAU/USD");
    expect(await nameIn("xx", gold)).toBe("Gold XAU/USD");
    const detail = await api(h, "GET", apiPaths.productDetail.path, { pid: String(gold) }, { lang: "kor" });
    expect(detail.body.data.name).toBe("금 XAU/USD");
  });

  it("keeps one answer per language, varied on the language headers", async () => {
    const url = `${apiPaths.products.path}?market=metals`;
    const jp = await h.app.inject({ method: "GET", url, headers: { lang: "jp" } });
    const zh = await h.app.inject({ method: "GET", url, headers: { lang: "zh" } });
    expect(jp.headers.etag).not.toBe(zh.headers.etag);
    expect(jp.headers.vary).toBe("accept-encoding, lang, language");
    expect(
      (await h.app.inject({ method: "GET", url, headers: { lang: "jp", "if-none-match": jp.headers.etag as string } })).statusCode,
    ).toBe(304);
  });

  it("falls back to English in a language the product has no text for", async () => {
    // Nasdaq-100 reads the same in German; an operator clears the Spanish name of gold
    const nq = (
      (await api(h, "GET", apiPaths.products.path, { market: "futures" }, { lang: "de" })).body.data as Array<{ name: string }>
    ).map((p) => p.name);
    expect(nq).toContain("Nasdaq-100");
    const cleared = await api(h, "POST", "/api/ops/product/names", { pid: String(gold), name: "Gold XAU/USD", name_es: "" }, admin);
    expect(cleared.body.code, cleared.body.msg).toBe(1);
    expect(await nameIn("es", gold)).toBe("Gold XAU/USD");
    // the languages the form did not send keep their text
    expect(await nameIn("jp", gold)).toBe("金 XAU/USD");
    // the seed, which runs at every start, never puts back what an operator removed
    await seedTranslations(h.database.db);
    await h.feed.reloadProducts();
    expect(await nameIn("es", gold)).toBe("Gold XAU/USD");
  });

  it("shows an operator's edit in the next quote snapshot, in trade answers and in order lists", async () => {
    const before = await nameIn("vi", oil, "futures");
    expect(before).toBe("Dầu thô WTI");
    const saved = await api(h, "POST", "/api/ops/product/names", { pid: String(oil), name: "Crude Oil WTI", name_vi: "Dầu WTI" }, admin);
    expect(saved.body.code, saved.body.msg).toBe(1);
    expect(await nameIn("vi", oil, "futures")).toBe("Dầu WTI");
    expect(await nameIn("en", oil, "futures")).toBe("Crude Oil WTI");
    const token = await loginDemo(h);
    const goods = await api(h, "GET", apiPaths.goods.path, { pid: String(oil) }, { token, lang: "vi" });
    expect(goods.body.data.product.name).toBe("Dầu WTI");
    // orders are taken from the second after the feed's first commitment
    await h.advance(1);
    const placed = await api(
      h,
      "POST",
      "/api/user/addorder",
      { pid: String(gold), direction: "up", seconds: "30", amount: "100", requestId: rid() },
      { token, lang: "jp" },
    );
    expect(placed.body.code, placed.body.msg).toBe(1);
    expect(placed.body.data.name).toBe("金 XAU/USD");
    const holding = await api(h, "GET", apiPaths.holdingOrders.path, {}, { token, lang: "zh" });
    expect(holding.body.data.map((o: { name: string }) => o.name)).toEqual(["黄金 XAU/USD"]);
    const detail = await api(h, "GET", apiPaths.order.path, { id: String(placed.body.data.id) }, { token, lang: "th" });
    expect(detail.body.data.name).toBe("ทองคำ XAU/USD");
  });

  it("refuses a non-admin operator", async () => {
    await createOperator(h.database.db, { username: "support-names", role: "support", password: "operator-pass-1" }, h.clock.now);
    const [row] = await h.database.db.select().from(operators).where(eq(operators.username, "support-names"));
    expect(row).toBeDefined();
    const login = await h.app.inject({
      method: "POST",
      url: "/api/ops/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        username: "support-names",
        password: "operator-pass-1",
        code: totpCode("support-names", row!.totpSecret, h.clock.now),
      }).toString(),
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
    const before = await productRow(gold);
    const refused = await api(h, "POST", "/api/ops/product/names", { pid: String(gold), name: "Hacked", name_jp: "x" }, { cookie });
    expect(refused.body.err).toBe("ops_role_forbidden");
    expect(await productRow(gold)).toEqual(before);
  });

  it("refuses bad input with a catalogue error and changes nothing", async () => {
    const before = await productRow(gold);
    const cases: Array<[Record<string, string>, string]> = [
      [{ pid: String(gold), name: "", name_jp: "金" }, "field_required"],
      [{ pid: String(gold), name: "Gold", name_jp: "金".repeat(61) }, "field_too_long"],
      [{ pid: "abc", name: "Gold" }, "invalid_input"],
      [{ pid: "999999", name: "Gold" }, "product_not_found"],
    ];
    for (const [fields, err] of cases) {
      const answer = await api(h, "POST", "/api/ops/product/names", fields, admin);
      expect(answer.body.err, JSON.stringify(fields)).toBe(err);
      expect(answer.body.msg).not.toBe(err);
    }
    expect(await productRow(gold)).toEqual(before);
    expect(await nameIn("jp", gold)).toBe("金 XAU/USD");
  });
});

describe("plan titles and channel texts", () => {
  it("come in the request's language, English where there is none, and keep untouched languages on an edit", async () => {
    const token = await loginDemo(h);
    const plans = (lang: string) =>
      api(h, "GET", apiPaths.plans.path, {}, { token, lang }).then((a) => a.body.data as Array<{ id: number; title: string }>);
    expect((await plans("zh")).map((p) => p.title)).toEqual(["余额宝 7 天", "余额宝 30 天", "余额宝 90 天"]);
    const first = (await plans("en"))[0]!;
    const edit = await api(
      h,
      "POST",
      "/api/ops/plan",
      { id: String(first.id), title: "Yuebao 7", dailyRate: "0.0008", days: "7", minAmount: "100", title_de: "" },
      admin,
    );
    expect(edit.body.code, edit.body.msg).toBe(1);
    expect(edit.body.data.titleTexts.de).toBeUndefined();
    expect((await plans("de"))[0]!.title).toBe("Yuebao 7");
    expect((await plans("jp"))[0]!.title).toBe("余額宝 7日");

    const info = async (lang: string) =>
      (await api(h, "GET", apiPaths.rechargeInfo.path, {}, { token, lang })).body.data.channels as Array<{ name: string; note: string }>;
    const hk = await info("hk");
    expect(hk.map((c) => c.name)).toEqual(["示例銀行 — 轉賬", "支付寶", "微信支付", "USDT (TRC20)"]);
    expect(hk[3]!.note).toBe("只可經 TRON 網絡轉入 USDT");
    expect((await info("de"))[1]!.name).toBe("Alipay");
  });
});
