import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { FUNDS_ACCOUNTS, type FundsAccount, type FundsLine, type FundsStatement } from "#contract/wallet";
import { accrueInterest } from "#server/jobs/accrual";

import { api, freshPhone, type Harness, placeOrder, productId, rid, startHarness } from "./harness";
import { passRealName } from "./real-name";
import { registrationForm } from "./registration-form";
import { fundedUser } from "./security/funded-user";
import { opsCall, presetMoneyRules, staff } from "./staff";

/**
 * The funds statement: every ledger line of a customer across every account, with the balance after each, the
 * record behind it and the period's opening and closing balances, read by a customer who did everything money
 * can do here. Its lines add up to the balances the wallet answers.
 */
const DAY = 86_400;
let h: Harness;
let who: Awaited<ReturnType<typeof fundedUser>>;
/** when the second half of the customer's history began: the period the opening/closing test asks for */
let midway: number;

const cents = (amount: string) => Math.round(Number(amount) * 100);
const statement = async (fields: Record<string, string> = {}, token = who.token) => {
  const answer = await api(h, endpoints.funds, fields, { token });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data;
};
/** Every line the filters select, page after page by the cursors the answers give. */
async function allLines(fields: Record<string, string> = {}): Promise<{ lines: FundsLine[]; first: FundsStatement }> {
  const first = await statement(fields);
  const lines = [...first.items];
  for (let next = first.next; next;) {
    const page = await statement({ ...fields, cursor: next });
    lines.push(...page.items);
    next = page.next;
  }
  return { lines, first };
}
const sumsByAccount = (lines: FundsLine[]) =>
  Object.fromEntries(
    FUNDS_ACCOUNTS.map((account) => [account, lines.filter((l) => l.account === account).reduce((s, l) => s + cents(l.amount), 0)]),
  );
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");

/** One order on BTCUSDT, up for 30 s, ending above (a win) or below (a loss) its opening price. */
async function tradeOnce(win: boolean) {
  const btc = productId(h.feed, "BTCUSDT");
  await h.advance(1);
  const placed = await placeOrder(h, who.token, btc, { amount: "100" });
  expect(placed.body.code, placed.body.msg).toBe(1);
  const open = h.feed.quote(btc)!.price;
  h.provider.queued.set(btc, Array(40).fill(win ? open + 500 : open - 500));
  // settled once its exit minute's seed is revealed
  await h.advanceTo(placed.body.data.resultAt);
  const order = (await api(h, endpoints.order, { id: String(placed.body.data.id) }, { token: who.token })).body.data;
  expect(order.result).toBe(win ? "win" : "loss");
  return placed.body.data.id as number;
}

beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "5", policy: "verification" });
  who = await fundedUser(h, "funds01", "5000");
  const { token } = who;
  const pay = who.payPassword;
  const ok = (answer: { body: { code: number; msg: string } }) => expect(answer.body.code, answer.body.msg).toBe(1);

  await tradeOnce(true);
  await tradeOnce(false);
  ok(await api(h, endpoints.exchange, { from: "cash", amount: "100", payPassword: pay, requestId: rid() }, { token }));
  ok(await api(h, endpoints.exchange, { from: "coin", amount: "50", payPassword: pay, requestId: rid() }, { token }));
  const withdrawal = await api(
    h,
    "POST",
    "/api/user/cash",
    { requestId: rid(), amount: "200", cardId: String(who.cardId), payPassword: pay },
    { token },
  );
  ok(withdrawal);
  ok(
    await opsCall(h, "POST", "/api/ops/withdrawal/review", {
      id: String(withdrawal.body.data.id),
      decision: "reject",
      reason: "card name mismatch",
    }),
  );

  h.clock.now += 60;
  midway = h.clock.now;
  const plan = (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data.find((p: { days: number }) => p.days === 7);
  const joined = await api(
    h,
    "POST",
    "/api/user/yebjoinnow",
    { requestId: rid(), planId: String(plan.id), amount: "300", payPassword: pay },
    { token },
  );
  ok(joined);
  ok(
    await api(
      h,
      "POST",
      "/api/user/yebappend",
      { requestId: rid(), id: String(joined.body.data.id), amount: "100", payPassword: pay },
      { token },
    ),
  );
  h.clock.now += 2 * DAY;
  await accrueInterest(h.database.db, h.clock.now);
  ok(await api(h, "POST", "/api/user/yebstop", { requestId: rid(), id: String(joined.body.data.id), payPassword: pay }, { token }));
  ok(await api(h, "POST", "/api/user/signin", { requestId: rid() }, { token }));

  const code = (await api(h, "GET", "/api/user/index", {}, { token })).body.data.inviteCode as string;
  const phone = freshPhone();
  await api(h, endpoints.sendSms, { phone });
  const form = registrationForm({
    account: "fundsguest01",
    password: "secret123",
    payPassword: "pay12345",
    phone,
    smsCode: h.sentSms.at(-1)!.code,
  });
  const guest = await api(h, endpoints.register, { ...form, inviteCode: code });
  ok(guest);
  ok(await passRealName(h, guest.body.data.token as string));

  const proposed = await api(
    h,
    opsEndpoints.proposeAdjustment,
    { account: "funds01", direction: "credit", amount: "7.25", reason: "=HYPERLINK(goodwill)" },
    await staff(h, "finance", "funds-fin-a"),
  );
  ok(proposed);
  ok(
    await api(
      h,
      opsEndpoints.decideAdjustment,
      { id: String(proposed.body.data.id), decision: "apply", note: "" },
      await staff(h, "admin", "funds-admin-b"),
    ),
  );
}, 120_000);
afterAll(() => h?.close());

describe("the funds statement", () => {
  it("sums, per account, to the balances the wallet answers, and each account's newest line carries that balance", async () => {
    const wallet = (await api(h, endpoints.wallet, {}, { token: who.token })).body.data;
    const { lines, first } = await allLines();
    expect(first.total).toBe(lines.length);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    const kinds = new Set(lines.map((l) => l.kind));
    for (const kind of [
      "recharge",
      "order_stake",
      "order_fee",
      "order_settlement",
      "exchange_in",
      "exchange_out",
      "withdrawal_request",
      "withdrawal_rejected",
      "yuebao_join",
      "yuebao_append",
      "yuebao_interest",
      "yuebao_stop",
      "signin_bonus",
      "invite_bonus",
      "adjustment",
    ])
      expect(kinds, kind).toContain(kind);
    const sums = sumsByAccount(lines);
    for (const account of FUNDS_ACCOUNTS) {
      expect(sums[account], account).toBe(cents(wallet[account as keyof typeof wallet] as string));
      const newest = lines.find((l) => l.account === account);
      if (newest) expect(newest.balanceAfter, account).toBe(wallet[account as FundsAccount]);
      expect(first.balances[account]).toEqual({ opening: "0.00", closing: wallet[account as FundsAccount] });
    }
    // each balance after is the one before it plus the line, account by account, oldest to newest
    const running: Record<string, number> = {};
    for (const line of [...lines].reverse()) {
      running[line.account] = (running[line.account] ?? 0) + cents(line.amount);
      expect(cents(line.balanceAfter), `line ${line.id}`).toBe(running[line.account]);
    }
  });

  it("links every line to its record, as typed fields", async () => {
    const { lines } = await allLines();
    const typeOf = (kind: string) => new Set(lines.filter((l) => l.kind === kind).map((l) => l.record?.type));
    expect(typeOf("recharge")).toEqual(new Set(["recharge"]));
    expect(typeOf("order_stake")).toEqual(new Set(["order"]));
    expect(typeOf("order_settlement")).toEqual(new Set(["order"]));
    expect(typeOf("exchange_in")).toEqual(new Set(["exchange"]));
    expect(typeOf("withdrawal_rejected")).toEqual(new Set(["withdrawal"]));
    expect(typeOf("yuebao_interest")).toEqual(new Set(["subscription"]));
    expect(typeOf("yuebao_stop")).toEqual(new Set(["subscription"]));
    expect(typeOf("signin_bonus")).toEqual(new Set(["signin"]));
    expect(typeOf("invite_bonus")).toEqual(new Set(["bonus"]));
    expect(typeOf("adjustment")).toEqual(new Set(["adjustment"]));
    const adjustment = lines.find((l) => l.kind === "adjustment")!;
    expect(adjustment).toMatchObject({ amount: "7.25", note: "=HYPERLINK(goodwill)" });
    const signin = lines.find((l) => l.kind === "signin_bonus")!;
    expect(signin.record).toEqual({ type: "signin", day: iso(signin.time).slice(0, 10) });
  });

  it("opens and closes a period with the balances before and after it: opening plus the period's lines is the closing", async () => {
    const until = h.clock.now - DAY;
    const period = { since: iso(midway), until: iso(until) };
    const { lines, first } = await allLines(period);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.time >= midway && l.time <= until)).toBe(true);
    const everything = (await allLines()).lines;
    expect(lines.length).toBeLessThan(everything.length);
    const sums = sumsByAccount(lines);
    for (const account of FUNDS_ACCOUNTS) {
      const { opening, closing } = first.balances[account];
      const before = everything.filter((l) => l.account === account && l.time < midway).reduce((s, l) => s + cents(l.amount), 0);
      expect(cents(opening), account).toBe(before);
      expect(cents(opening) + sums[account]!, account).toBe(cents(closing));
    }
    expect(cents(first.balances.cash.opening)).toBeGreaterThan(0);
    expect(first.since).toBe(midway);
  });

  it("narrows to one kind, keeping the period's balances of every kind", async () => {
    const all = await statement();
    const orders = await allLines({ kind: "order_settlement" });
    expect(orders.lines.length).toBe(1);
    expect(orders.lines.every((l) => l.kind === "order_settlement")).toBe(true);
    expect(orders.first.balances).toEqual(all.balances);
    expect((await api(h, endpoints.funds, { kind: "stake" }, { token: who.token })).body.err).toBe("invalid_input");
    expect((await api(h, endpoints.funds, { since: "2027-02-30" }, { token: who.token })).body.err).toBe("invalid_input");
  });

  it("pages by number as the spec's answer does, the same pages the cursors walk", async () => {
    const first = await statement();
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.total).toBeGreaterThan(20);
    const second = await statement({ page: "2" });
    const byCursor = await statement({ cursor: first.next! });
    expect(second.items.map((l) => l.id)).toEqual(byCursor.items.map((l) => l.id));
    expect(second.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
    expect((await statement({ page: "99" })).items).toEqual([]);
  });

  it("shows another customer none of these lines", async () => {
    const other = await fundedUser(h, "funds02", "100");
    const { lines } = await allLines();
    const theirs = (await statement({}, other.token)).items;
    expect(theirs.map((l) => l.kind)).toEqual(["recharge"]);
    expect(lines.map((l) => l.id)).not.toContain(theirs[0]!.id);
  });

  it("downloads the filtered statement as CSV, a cell a spreadsheet would run written as text", async () => {
    const response = await h.app.inject({ method: "GET", url: "/api/user/funds/csv?kind=adjustment", headers: { token: who.token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="funds-/);
    const rows = response.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe("id,time_utc,account,kind,amount,balance_after,unit,record,note");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/,cash,adjustment,7\.25,[\d.]+,U,adjustment:\d+,'=HYPERLINK\(goodwill\)$/);
    const every = await h.app.inject({ method: "GET", url: "/api/user/funds/csv", headers: { token: who.token } });
    expect(every.body.trimEnd().split("\r\n")).toHaveLength((await statement()).total + 1);
    const refused = await h.app.inject({ method: "GET", url: "/api/user/funds/csv?until=yesterday", headers: { token: who.token } });
    expect(refused.json()).toMatchObject({ code: 0, err: "invalid_input" });
    expect((await h.app.inject({ method: "GET", url: "/api/user/funds/csv" })).statusCode).toBe(401);
  });
});

describe("the funds CSV download is rate-limited", () => {
  it("refuses a script that keeps downloading", async () => {
    const small = await startHarness({ rateLimitScale: 0.5 });
    try {
      const login = await api(small, endpoints.login, { account: "demo", password: "demo1234" });
      const token = login.body.data.token as string;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await small.app.inject({ method: "GET", url: "/api/user/funds/csv", headers: { token }, remoteAddress: "10.7.0.9" })).statusCode,
        );
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
    } finally {
      await small.close();
    }
  });
});
