import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { OPS_ROLES, type OpsRole } from "#contract/operators";
import { opsEndpoints } from "#contract/ops";
import { operators, orders } from "#server/db/schema";
import { createOperator } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";

import { type Answer, api, type Harness, OPS_TOKEN, startHarness } from "./harness";
import { makePng } from "./images";

/**
 * The console's endpoints beyond the review queues: each refuses the roles outside its part of the back
 * office, and each write leaves one audit row with the state before and after.
 */
let h: Harness;
const PASSWORD = "operator-pass-1";
const cookies = {} as Record<OpsRole, string>;
const token = { "ops-token": OPS_TOKEN };

async function signIn(username: string, role: OpsRole) {
  await createOperator(h.database.db, { username, role, password: PASSWORD }, h.clock.now);
  const [row] = await h.database.db.select().from(operators).where(eq(operators.username, username));
  h.clock.now += 30;
  // every role gives its authenticator code
  const fields: Record<string, string> = { username, password: PASSWORD, code: totpCode(username, row!.totpSecret, h.clock.now) };
  const response = await h.app.inject({
    method: "POST",
    url: "/api/ops/login",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.json().code, response.body).toBe(1);
  return String(response.headers["set-cookie"]).split(";")[0]!;
}

const as = (role: OpsRole) => ({ cookie: cookies[role] });

/** Calls as each role: those in `allowed` (and admin) are not refused for their role, the others are, with 403. */
async function expectRoles(method: "GET" | "POST", path: string, fields: Record<string, string>, allowed: OpsRole[]) {
  for (const role of OPS_ROLES) {
    const answer = await api(h, method, path, fields, as(role));
    if (role === "admin" || allowed.includes(role)) expect(answer.body.err, `${role} ${path}`).not.toBe("ops_role_forbidden");
    else {
      expect(answer.body.err, `${role} ${path}`).toBe("ops_role_forbidden");
      expect(answer.status).toBe(403);
    }
  }
}

/** Runs a write as `role` and answers it with the one audit row it added (newest first). */
async function auditedWrite(role: OpsRole, path: string, fields: Record<string, string>) {
  const action = `POST ${path}`;
  const rows = async () => (await api(h, "GET", "/api/ops/audit", { action }, token)).body.data.items as Array<Record<string, any>>;
  const before = (await rows()).length;
  const answer: Answer = await api(h, "POST", path, fields, as(role));
  expect(answer.body.code, `${path}: ${answer.body.msg}`).toBe(1);
  const after = await rows();
  expect(after.length, path).toBe(before + 1);
  return { answer, row: after[0]! };
}

beforeAll(async () => {
  h = await startHarness();
  for (const role of OPS_ROLES) cookies[role] = await signIn(`${role}-console`, role);
}, 120_000);
afterAll(() => h?.close());

describe("products", () => {
  it("lists name, requote tolerance and max quote age to finance, changes them for admin only, audited", async () => {
    await expectRoles("GET", "/api/ops/products", {}, ["finance"]);
    const fields = { pid: "1", requoteToleranceBps: "25", maxQuoteAgeSeconds: "4" };
    await expectRoles("POST", "/api/ops/product/quoting", { pid: "1" }, []);
    for (const role of ["finance", "support", "content"] as const) {
      expect((await api(h, "POST", "/api/ops/product/quoting", fields, as(role))).body.err).toBe("ops_role_forbidden");
    }
    const before = (await api(h, "GET", "/api/ops/products", {}, as("finance"))).body.data[0];
    expect(before).toMatchObject({ id: 1, requoteToleranceBps: 10, maxQuoteAgeSeconds: 2 });
    expect(typeof before.name).toBe("string");
    const { row } = await auditedWrite("admin", "/api/ops/product/quoting", fields);
    expect(row.before).toMatchObject({ requoteToleranceBps: 10, maxQuoteAgeSeconds: 2 });
    expect(row.after).toMatchObject({ requoteToleranceBps: 25, maxQuoteAgeSeconds: 4 });
    expect(row.actor).toBe("admin-console");
    // the feed's copy is the one orders read
    expect(h.feed.products.get(1)).toMatchObject({ requoteToleranceBps: 25, maxQuoteAgeSeconds: 4 });
    for (const bad of [
      { pid: "1", requoteToleranceBps: "501", maxQuoteAgeSeconds: "2" },
      { pid: "1", requoteToleranceBps: "10", maxQuoteAgeSeconds: "0" },
      { pid: "1", requoteToleranceBps: "10", maxQuoteAgeSeconds: "31" },
    ]) {
      expect((await api(h, "POST", "/api/ops/product/quoting", bad, token)).body.err, JSON.stringify(bad)).toBe("invalid_input");
    }
    expect(h.feed.products.get(1)).toMatchObject({ requoteToleranceBps: 25, maxQuoteAgeSeconds: 4 });
  });
});

describe("yuebao plans", () => {
  it("lists every plan to finance with what earns in it; an edit is audited field by field and a disabled plan stays listed", async () => {
    await expectRoles("GET", "/api/ops/plans", {}, ["finance"]);
    await expectRoles("POST", "/api/ops/plan", {}, ["finance"]);
    const plans = (await api(h, "GET", "/api/ops/plans", {}, as("finance"))).body.data;
    expect(plans.length).toBeGreaterThan(0);
    const plan = plans[0];
    expect(plan).toMatchObject({ enabled: true, earning: 0, earningPrincipal: "0.00" });
    expect(plan.dailyRate).toMatch(/^0\.\d{6}$/);
    const fields = { id: String(plan.id), title: "Renamed", dailyRate: "0.002", days: "9", minAmount: "250", enabled: "0" };
    const { answer, row } = await auditedWrite("finance", "/api/ops/plan", fields);
    expect(answer.body.data).toMatchObject({
      id: plan.id,
      title: "Renamed",
      dailyRate: "0.002000",
      days: 9,
      minAmount: "250.00",
      enabled: false,
    });
    expect(row.target).toBe(`plan:${plan.id}`);
    expect(row.before).toMatchObject({ title: plan.title, dailyRate: plan.dailyRate, enabled: true });
    expect(row.after).toMatchObject({ title: "Renamed", enabled: false });
    const again = (await api(h, "GET", "/api/ops/plans", {}, as("finance"))).body.data;
    expect(again.find((p: { id: number }) => p.id === plan.id)).toMatchObject({ title: "Renamed", enabled: false });
  });
});

describe("deposit channels and money rules", () => {
  it("serves a channel's QR to finance's console session only, keeps it through an edit, and audits a fingerprint, not the image", async () => {
    await expectRoles("GET", "/api/ops/channels", {}, ["finance"]);
    await expectRoles("GET", "/api/ops/money-rules", {}, ["finance"]);
    await expectRoles("POST", "/api/ops/money-rules", {}, ["finance"]);
    const png = makePng(12, 12);
    const qr = `data:image/png;base64,${png.toString("base64")}`;
    const created = await auditedWrite("finance", "/api/ops/channel", {
      type: "alipay",
      name: "Alipay QR",
      account: "pay@example.com",
      qr,
    });
    const id = created.answer.body.data.id as number;
    expect(created.row.after.qr).toMatchObject({ url: `/api/ops/channel-qr/${id}`, bytes: png.length });
    expect(JSON.stringify(created.row)).not.toContain(png.toString("base64").slice(0, 40));

    const listed = (await api(h, "GET", "/api/ops/channels", {}, as("finance"))).body.data.find((c: { id: number }) => c.id === id);
    expect(listed.qr.url).toBe(`/api/ops/channel-qr/${id}`);
    expect(JSON.stringify(listed)).not.toContain("base64");
    const fetchQr = (headers: Record<string, string>) => h.app.inject({ method: "GET", url: `/api/ops/channel-qr/${id}`, headers });
    const seen = await fetchQr(as("finance"));
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    expect(seen.rawPayload.equals(png)).toBe(true);
    expect((await fetchQr({})).json().err).toBe("ops_forbidden");
    expect((await fetchQr(as("content"))).json().err).toBe("ops_role_forbidden");
    expect((await fetchQr(as("support"))).json().err).toBe("ops_role_forbidden");
    const customer = (await api(h, "POST", "/api/login/index", { account: "demo", password: "demo1234" })).body.data.token as string;
    expect((await fetchQr({ token: customer })).json().err).toBe("ops_forbidden");

    // renamed without a new image: the QR stays; before and after are in the audit row
    const renamed = await auditedWrite("finance", "/api/ops/channel", {
      id: String(id),
      type: "alipay",
      name: "Alipay",
      account: "pay@example.com",
    });
    expect(renamed.row.before).toMatchObject({ name: "Alipay QR", qr: { bytes: png.length } });
    expect(renamed.row.after).toMatchObject({ name: "Alipay", qr: { bytes: png.length } });
    expect((await fetchQr(as("finance"))).statusCode).toBe(200);
    // an image with markup after its end is refused; clearQr removes the QR
    const polyglot = `data:image/png;base64,${Buffer.concat([png, Buffer.from("<script>alert(1)</script>")]).toString("base64")}`;
    const refused = await api(
      h,
      "POST",
      "/api/ops/channel",
      { id: String(id), type: "alipay", name: "Alipay", account: "x", qr: polyglot },
      as("finance"),
    );
    expect(refused.body.err).toBe("invalid_input");
    await auditedWrite("finance", "/api/ops/channel", {
      id: String(id),
      type: "alipay",
      name: "Alipay",
      account: "pay@example.com",
      clearQr: "1",
    });
    expect((await fetchQr(as("finance"))).json().err).toBe("not_found");
  });

  it("changes money rules for finance with the rules before and after in the audit row", async () => {
    // a narrower window tightens a control: it applies at once
    const { row } = await auditedWrite("finance", "/api/ops/money-rules", { rechargeMin: "150", window: "10:00-20:00" });
    expect(row.target).toBe("settings:money");
    expect(row.before).toMatchObject({ rechargeMin: "100.00" });
    expect(row.after).toMatchObject({ rechargeMin: "150.00", window: "10:00-20:00", pendingChanges: [] });
    expect((await api(h, "POST", "/api/ops/money-rules", { rechargeMin: "1" }, as("support"))).body.err).toBe("ops_role_forbidden");
  });
});

describe("SMS outbox", () => {
  it("lists every generated code newest first to support, 50 a page, or one phone's", async () => {
    await expectRoles("GET", "/api/ops/sms", {}, ["support"]);
    for (let i = 0; i < 53; i++) {
      // a second apart: the console sessions stay well inside their 30 idle minutes
      h.clock.now += 1;
      const phone = `1550000${String(1000 + i)}`;
      expect((await api(h, "POST", "/api/login/sendsms", { phone })).body.code).toBe(1);
    }
    const first = (await api(h, "GET", "/api/ops/sms", {}, as("support"))).body.data;
    expect(first).toHaveLength(50);
    expect(first[0]).toMatchObject({ phone: "15500001052", code: h.sentSms.at(-1)!.code });
    for (let i = 1; i < first.length; i++) expect(first[i].id).toBeLessThan(first[i - 1].id);
    const next = (await api(h, "GET", "/api/ops/sms", { beforeId: String(first.at(-1).id) }, as("support"))).body.data;
    expect(next[0].phone).toBe("15500001002");
    expect(next.length).toBeGreaterThanOrEqual(3);
    const one = (await api(h, "GET", "/api/ops/sms", { phone: "15500001007" }, as("support"))).body.data;
    expect(one.map((row: { phone: string }) => row.phone)).toEqual(["15500001007"]);
  });

  it("refuses a page mark past any row id in the catalogue's words, not with a database error", async () => {
    for (const beforeId of ["2147483648", "99999999999", "-1", "1e3"]) {
      const answer = await api(h, "GET", "/api/ops/sms", { beforeId }, as("support"));
      expect(answer.status, beforeId).toBe(400);
      expect(answer.body.err, beforeId).toBe("invalid_input");
    }
    expect((await api(h, "GET", "/api/ops/sms", { beforeId: "2147483647" }, as("support"))).status).toBe(200);
  });
});

describe("content", () => {
  const read = (lang: string, id: string) => api(h, "GET", "/api/index/about_details", { id }, { language: lang });

  it("keeps a draft from readers, publishes per language with English as the fallback, and unpublishes the item, audited", async () => {
    await expectRoles("GET", "/api/ops/contents", {}, ["content"]);
    await expectRoles("GET", "/api/ops/content/item", { item: "nope" }, ["content"]);
    await expectRoles("POST", "/api/ops/content/publish", {}, ["content"]);
    await expectRoles("POST", "/api/ops/content", {}, ["content"]);
    const item = "console-notice";
    const base = { item, kind: "notice" };
    const draft = await auditedWrite("content", "/api/ops/content", {
      ...base,
      lang: "en",
      title: "Maintenance",
      body: "<p>Sunday</p>",
      published: "0",
    });
    expect(draft.row.before).toBeNull();
    expect(draft.row.after).toMatchObject({ title: "Maintenance", published: false });
    expect((await read("en", item)).body.err).toBe("content_not_found");
    expect(
      (await api(h, "GET", "/api/index/home", {}, { language: "en" })).body.data.notices.map((n: { id: string }) => n.id),
    ).not.toContain(item);

    const published = await auditedWrite("content", "/api/ops/content", {
      ...base,
      lang: "en",
      title: "Maintenance",
      body: "<p>Sunday</p>",
    });
    expect(published.row.before).toMatchObject({ published: false });
    await auditedWrite("content", "/api/ops/content", { ...base, lang: "de", title: "Wartung", body: "<p>Sonntag</p>" });
    expect((await read("de", item)).body.data.title).toBe("Wartung");
    expect((await read("fr", item)).body.data.title).toBe("Maintenance");

    const editor = (await api(h, "GET", "/api/ops/content/item", { item }, as("content"))).body.data;
    expect(editor.languages.map((l: { lang: string; published: boolean }) => [l.lang, l.published])).toEqual([
      ["de", true],
      ["en", true],
    ]);
    const listed = (await api(h, "GET", "/api/ops/contents", { kind: "notice" }, as("content"))).body.data;
    expect(listed.items[0]).toMatchObject({ item, title: "Maintenance" });
    expect(listed.total).toBeGreaterThanOrEqual(1);
    expect(listed.pageSize).toBe(20);

    // German only off: German readers fall back to English; then the whole item off
    const one = await auditedWrite("content", "/api/ops/content/publish", { item, published: "0", lang: "de" });
    expect(one.row.target).toBe(`content:${item}:de`);
    expect(one.row.before.languages).toEqual({ de: true, en: true });
    expect(one.row.after.languages).toEqual({ de: false, en: true });
    expect((await read("de", item)).body.data.title).toBe("Maintenance");
    const all = await auditedWrite("content", "/api/ops/content/publish", { item, published: "0" });
    expect(all.row.after.languages).toEqual({ de: false, en: false });
    expect((await read("en", item)).body.err).toBe("content_not_found");
    expect((await api(h, "POST", "/api/ops/content/publish", { item: "no-such-item", published: "1" }, as("content"))).body.err).toBe(
      "content_not_found",
    );
  });

  it("pages the item list on the server", async () => {
    for (let i = 0; i < 25; i++) {
      h.clock.now += 1;
      await api(h, "POST", "/api/ops/content", { item: `paged-${i}`, kind: "news", lang: "en", title: `Paged ${i}` }, token);
    }
    const first = (await api(h, "GET", "/api/ops/contents", { kind: "news" }, as("content"))).body.data;
    const second = (await api(h, "GET", "/api/ops/contents", { kind: "news", page: "2" }, as("content"))).body.data;
    expect(first.items).toHaveLength(20);
    expect(first.items[0].item).toBe("paged-24");
    expect(second.items[0].item).toBe("paged-4");
    expect(first.total).toBe(second.total);
    expect(first.total).toBeGreaterThanOrEqual(25);
  });
});

describe("reconcile report", () => {
  it("shows finance each user's balances beside their ledger sums, the platform totals, and only the drifting ones on request", async () => {
    await expectRoles("GET", "/api/ops/reconcile/report", {}, ["finance"]);
    const clean = (await api(h, "GET", "/api/ops/reconcile/report", {}, as("finance"))).body.data;
    expect(clean).toMatchObject({ ok: true, drifting: 0, negativeBalances: 0, page: 1, pageSize: 50 });
    expect(clean.totals.cash.balance).toBe(clean.totals.cash.ledger);
    const demo = clean.rows.find((row: { account: string }) => row.account === "demo");
    expect(demo.accounts.cash).toEqual({ balance: "10000.00", ledger: "10000.00", difference: "0.00" });

    await h.database.db.execute("update users set cash = cash + 150 where account = 'demo'" as never);
    try {
      const drifted = (await api(h, "GET", "/api/ops/reconcile/report", { onlyDrift: "1" }, as("finance"))).body.data;
      expect(drifted).toMatchObject({ ok: false, drifting: 1, total: 1 });
      expect(drifted.rows).toEqual([
        expect.objectContaining({
          account: "demo",
          drift: true,
          accounts: expect.objectContaining({ cash: { balance: "10001.50", ledger: "10000.00", difference: "1.50" } }),
        }),
      ]);
      expect(Number(drifted.totals.cash.difference)).toBe(1.5);
    } finally {
      await h.database.db.execute("update users set cash = cash - 150 where account = 'demo'" as never);
    }
  });
});

describe("dashboard: exposure and feed health", () => {
  it("takes the worst settle price per product and expiry: an up and a down order can both win, rounded per order", async () => {
    await expectRoles("GET", "/api/ops/risk", {}, ["finance", "support", "content"]);
    const user = (
      (await h.database.db.execute("select id from users where account = 'demo'" as never)) as unknown as { rows: Array<{ id: number }> }
    ).rows[0]!.id;
    const now = h.clock.now;
    const order = (
      id: string,
      direction: "up" | "down",
      amount: number,
      payoutBps: number,
      openPrice = 100_000,
      expiresAt = now + 3600,
    ) => ({
      userId: user,
      productId: 1,
      requestId: `risk-${id}`,
      direction,
      amount,
      fee: 0,
      seconds: 60,
      payoutBps,
      openPrice,
      openTickTime: now,
      openTime: now,
      expiresAt,
    });
    await h.database.db.insert(orders).values([
      order("a", "up", 100_00, 8000),
      order("b", "up", 33_33, 8500),
      order("c", "down", 50_00, 8000),
      // a later expiry settles on its own tick: an up from 1.00000 and a down from 1.00200 both win at 1.00001
      order("d", "up", 100_00, 8500, 100_000, now + 7200),
      order("e", "down", 100_00, 8500, 100_200, now + 7200),
    ]);
    const risk = (await api(h, opsEndpoints.risk, {}, as("content"))).body.data;
    const row = risk.exposure.find((r) => r.productId === 1);
    expect(row).toMatchObject({
      orders: 5,
      stakeUp: "233.33",
      stakeDown: "150.00",
      // 241.66 (100 + 80, and 33.33 + 28.33: 28.3305 rounded to the cent) + 370.00 (both of the later pair win)
      worstCasePayout: "611.66",
      // beyond the 383.33 of stakes held
      worstCaseNet: "228.33",
    });
    expect(row?.expiries).toEqual([
      { expiresAt: now + 3600, orders: 3, stakes: "183.33", worstCasePayout: "241.66", worstCaseNet: "58.33", worstSettlePrice: "1.00001" },
      {
        expiresAt: now + 7200,
        orders: 2,
        stakes: "200.00",
        worstCasePayout: "370.00",
        worstCaseNet: "170.00",
        worstSettlePrice: "1.00001",
      },
    ]);
    expect(risk.process).toMatchObject({ leader: true, database: "pglite" });
    const feed = risk.feed.find((f) => f.productId === 1);
    expect(feed).toHaveProperty("status");
    expect(feed!.ageSeconds === null || feed!.ageSeconds >= 0).toBe(true);
    await h.database.db.delete(orders).where(like(orders.requestId, "risk-%"));
  });
});
