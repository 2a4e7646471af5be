import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ledger, orders } from "#server/db/schema";

import { api, type Harness, HARNESS_START, placeOrder, productId, startHarness } from "./harness";
import { type FundedUser, fundedUser } from "./security/funded-user";

let h: Harness;
let alice: FundedUser;
let bob: FundedUser;
let btc: number;
let eth: number;
const placed: { alice: number[]; bob: number[] } = { alice: [], bob: [] };

// 07:55 UTC: orders settle on both sides of 08:00 UTC, which is midnight at UTC-8 (each result waits up to about
// a minute for its exit minute's reveal, so three settle before it)
beforeAll(async () => {
  h = await startHarness({ start: HARNESS_START - 300 });
  btc = productId(h.feed, "BTCUSDT");
  eth = productId(h.feed, "ETHUSDT");
  alice = await fundedUser(h, "aliceorders01");
  bob = await fundedUser(h, "boborders01");
  await h.advance(1);
}, 60_000);
afterAll(() => h.close());

/** Places a 30 s order and walks the feed to its settlement, the close `move` away from the open. */
async function trade(who: FundedUser, pid: number, direction: "up" | "down", move: number, amount: string) {
  const answer = await placeOrder(h, who.token, pid, { direction, amount });
  expect(answer.body.code, answer.body.msg).toBe(1);
  const open = h.feed.quote(pid)!.price;
  h.provider.queued.set(pid, [...Array(29).fill(open), open + move]);
  await h.advanceTo(answer.body.data.resultAt);
  h.provider.queued.delete(pid);
  (who === alice ? placed.alice : placed.bob).push(answer.body.data.id);
  return answer.body.data.id as number;
}

const history = async (who: FundedUser, fields: Record<string, string> = {}) =>
  (await api(h, "GET", "/api/user/orderlist", fields, { token: who.token })).body;
const statementOf = async (who: FundedUser, fields: Record<string, string> = {}) =>
  (await api(h, "GET", "/api/user/order_statement", fields, { token: who.token })).body;
const cents = (text: string) => Math.round(Number(text) * 100);

describe("order reports", () => {
  let midnight = 0;
  it("settles a mix of orders on both sides of a midnight", async () => {
    await trade(alice, btc, "up", +100, "100"); // win, before 08:00 UTC
    await trade(alice, btc, "down", +100, "200"); // loss
    await trade(alice, eth, "up", 0, "50"); // tie
    // past 08:00 UTC
    if (h.clock.now < HARNESS_START + 1) await h.advance(HARNESS_START + 1 - h.clock.now);
    midnight = HARNESS_START;
    await trade(alice, eth, "down", -100, "300"); // win
    await trade(bob, btc, "up", +100, "1000"); // another user's win
    const settled = await h.database.db.select().from(orders).where(eq(orders.status, "closed"));
    expect(settled).toHaveLength(5);
    expect(settled.filter((o) => o.closeTime! < midnight)).toHaveLength(3);
  });

  it("narrows the history by product, result and settlement time, and only ever shows the user's own", async () => {
    expect((await history(alice)).data.total).toBe(4);
    expect((await history(bob)).data.total).toBe(1);
    const ethOnly = (await history(alice, { pid: String(eth) })).data;
    expect(ethOnly.items.map((o: { pid: number }) => o.pid)).toEqual([eth, eth]);
    const wins = (await history(alice, { result: "win" })).data;
    expect(wins.total).toBe(2);
    expect(wins.items.every((o: { result: string }) => o.result === "win")).toBe(true);
    expect((await history(alice, { result: "tie" })).data.items.map((o: { amount: string }) => o.amount)).toEqual(["50.00"]);
    expect((await history(alice, { result: "loss", pid: String(eth) })).data.total).toBe(0);
    // settlement time: before midnight, then from it
    expect((await history(alice, { until: String(midnight) })).data.total).toBe(3);
    expect((await history(alice, { since: String(midnight) })).data.items.map((o: { amount: string }) => o.amount)).toEqual(["300.00"]);
    expect((await history(alice, { since: String(midnight), result: "win", pid: String(btc) })).data.total).toBe(0);
    // bob's product filter never reaches alice's orders
    expect((await history(bob, { pid: String(eth) })).data.total).toBe(0);
  });

  it("refuses malformed filters", async () => {
    const bad: Array<Record<string, string>> = [
      { result: "draw" },
      { pid: "x" },
      { since: "-5" },
      { since: "200", until: "100" },
      { until: "1e9" },
    ];
    for (const fields of bad) {
      expect((await history(alice, fields)).err, JSON.stringify(fields)).toBe("invalid_input");
    }
    const badStatement: Array<Record<string, string>> = [{ days: "14" }, { offset: "900" }, { offset: "abc" }];
    for (const fields of badStatement) {
      expect((await statementOf(alice, fields)).err, JSON.stringify(fields)).toBe("invalid_input");
    }
  });

  it("sums to the ledger: payout, stake and fee equal the user's settlement, stake and fee rows", async () => {
    const users: Array<[FundedUser, number[]]> = [
      [alice, placed.alice],
      [bob, placed.bob],
    ];
    for (const [who, ids] of users) {
      const body = await statementOf(who, { days: "30" });
      expect(body.code).toBe(1);
      const { totals } = body.data;
      const userId = (await h.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, ids[0]!)))[0]!.userId;
      const rows = await h.database.db
        .select({ reason: ledger.reason, delta: sql<number>`sum(${ledger.delta})`.mapWith(Number) })
        .from(ledger)
        .where(
          and(
            eq(ledger.userId, userId),
            inArray(
              ledger.reference,
              ids.map((id) => `order:${id}`),
            ),
          ),
        )
        .groupBy(ledger.reason);
      const byReason = Object.fromEntries(rows.map((row) => [row.reason, row.delta]));
      // a loss credits nothing, so a user with only losses has no settlement rows
      expect(cents(totals.payout)).toBe(byReason.order_settlement ?? 0);
      expect(cents(totals.stake)).toBe(-byReason.order_stake!);
      expect(cents(totals.fee)).toBe(-byReason.order_fee!);
      expect(cents(totals.net)).toBe(Object.values(byReason).reduce((a, b) => a + b, 0));
      // every settlement row of the user is counted (all of their orders settled in the period)
      const [all] = await h.database.db
        .select({ sum: sql<number>`coalesce(sum(${ledger.delta}), 0)`.mapWith(Number) })
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.reason, "order_settlement")));
      expect(cents(totals.payout)).toBe(all!.sum);
    }
  });

  it("counts results, rates wins and splits the totals by product and by the reader's days", async () => {
    const utc = (await statementOf(alice, { days: "7" })).data;
    expect(utc.totals).toMatchObject({ orders: 4, wins: 2, losses: 1, ties: 1 });
    expect(utc.winRate).toBe("50.0");
    // stakes 100 + 200 + 50 + 300, fees 1% of each; payouts 180 + 0 + 50 + 540
    expect(utc.totals).toMatchObject({ stake: "650.00", fee: "6.50", payout: "770.00", net: "113.50" });
    expect(utc.products.map((p: { code: string }) => p.code)).toEqual(["ETHUSDT", "BTCUSDT"]);
    expect(utc.products[0]).toMatchObject({ orders: 2, wins: 1, ties: 1, stake: "350.00", payout: "590.00", net: "236.50" });
    expect(utc.products[1]).toMatchObject({ orders: 2, wins: 1, losses: 1, stake: "300.00", payout: "180.00", net: "-123.00" });
    // seven days, today last; in UTC every order settled today
    expect(utc.daily).toHaveLength(7);
    expect(utc.daily.at(-1)).toEqual({ day: "2027-01-15", orders: 4, net: "113.50" });
    expect(utc.daily.slice(0, 6).every((d: { orders: number }) => d.orders === 0)).toBe(true);
    expect(utc.from).toBe(Date.UTC(2027, 0, 9) / 1000);

    // at UTC-8 the first three settled on the 14th, the fourth on the 15th (08:00 UTC is midnight there)
    const pacific = (await statementOf(alice, { days: "7", offset: "-480" })).data;
    expect(pacific.daily.slice(-2)).toEqual([
      { day: "2027-01-14", orders: 3, net: "-123.50" },
      { day: "2027-01-15", orders: 1, net: "237.00" },
    ]);
    expect(pacific.totals.net).toBe("113.50");
    expect((await statementOf(alice, { days: "90" })).data.daily).toHaveLength(90);
  });

  it("leaves out orders settled before the period and those still holding", async () => {
    // at UTC+14, 07:58 UTC is 21:58 on the 15th: every order on the 15th, today there
    const east = (await statementOf(alice, { days: "7", offset: "840" })).data;
    expect(east.daily.at(-1)).toMatchObject({ day: "2027-01-15", orders: 4 });
    // six days on, just past midnight at UTC-8: the 7-day period starts on the 15th there, so the three orders
    // settled on the 14th (UTC-8) are out and the 15th's is in
    const saved = h.clock.now;
    h.clock.now = HARNESS_START + 6 * 86_400 + 60;
    const later = (await statementOf(alice, { days: "7", offset: "-480" })).data;
    h.clock.now = saved;
    expect(later.daily[0].day).toBe("2027-01-15");
    expect(later.totals).toMatchObject({ orders: 1, wins: 1, net: "237.00" });
    const opened = await placeOrder(h, alice.token, btc);
    expect(opened.body.code).toBe(1);
    expect((await statementOf(alice)).data.totals.orders).toBe(4);
    expect((await history(alice)).data.total).toBe(4);
  });
});
