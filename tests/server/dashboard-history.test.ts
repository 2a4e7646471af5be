import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { opsPaths } from "#contract/ops-paths";
import { VOID_REASONS } from "#contract/trading";
import { orders, recharges, users, withdrawals } from "#server/db/schema";

import { api, type Harness, HARNESS_START, startHarness } from "./harness";
import { presetMoneyRules, staff } from "./staff";

/**
 * The dashboard's money per UTC day and the range's top winners, against fixtures whose figures are worked out
 * by hand below. The rows are written straight into their tables at chosen instants: what is tested is how the
 * server counts them (which statuses, which day, what left versus the fee), not how they came to be.
 */
const DAY = 86_400;
/** today's 00:00 UTC, far enough after the seed that the seeded demo customer is outside every range */
const D0 = HARNESS_START - (HARNESS_START % DAY) + 100 * DAY;
const NOW = D0 + 15 * 3600;
const dayAt = (n: number) => D0 + n * DAY;

let h: Harness;
let ids: Record<"u1" | "u2" | "u3", number>;

async function customer(account: string, createdAt: number): Promise<number> {
  const [row] = await h.database.db
    .insert(users)
    .values({ account, passwordHash: "x", phone: "13900000000", inviteCode: `INV${account.toUpperCase()}`, createdAt })
    .returning({ id: users.id });
  return row!.id;
}

const recharge = (userId: number, cents: number, status: "review" | "success" | "failed", reviewedAt: number | null) =>
  h.database.db
    .insert(recharges)
    .values({ userId, channelId: 1, amount: cents, screenshot: "/uploads/x.png", status, createdAt: (reviewedAt ?? NOW) - 60, reviewedAt });

const withdrawal = (userId: number, cents: number, fee: number, status: "review" | "success" | "failed", reviewedAt: number | null) =>
  h.database.db.insert(withdrawals).values({
    userId,
    cardId: 0,
    amount: cents,
    fee,
    actual: cents - fee,
    status,
    createdAt: (reviewedAt ?? NOW) - 60,
    reviewedAt,
  });

let orderNo = 0;
const order = (
  userId: number,
  stake: number,
  fee: number,
  outcome: { status: "closed"; payout: number; closeTime: number } | { status: "void" | "holding"; closeTime?: number },
) =>
  h.database.db.insert(orders).values({
    userId,
    productId: 1,
    requestId: `history-${orderNo++}`,
    direction: "up",
    amount: stake,
    fee,
    seconds: 60,
    payoutBps: 8500,
    openPrice: 100,
    openTickTime: (outcome.closeTime ?? NOW) - 60,
    openTime: (outcome.closeTime ?? NOW) - 60,
    expiresAt: outcome.closeTime ?? NOW + 60,
    status: outcome.status,
    closeTime: outcome.closeTime ?? null,
    payout: outcome.status === "closed" ? outcome.payout : null,
    result: outcome.status === "closed" ? (outcome.payout > stake ? "win" : outcome.payout === stake ? "tie" : "loss") : null,
    voidReason: outcome.status === "void" ? VOID_REASONS[0] : null,
  });

beforeAll(async () => {
  h = await startHarness();
  h.clock.now = NOW;
  await presetMoneyRules(h, { timezone: "UTC" });
  ids = { u1: await customer("hist1", D0 + 100), u2: await customer("hist2", D0 - DAY + 5), u3: await customer("hist3", dayAt(-8)) };
  const { u1, u2, u3 } = ids;
  // deposits: today 100.00 + 50.50; two days ago 30.00; ten days ago 70.00 (30-day range only); refused and waiting ones never
  await recharge(u1, 10_000, "success", D0 + 10);
  await recharge(u2, 5_050, "success", D0 + 20);
  await recharge(u2, 3_000, "success", dayAt(-2) + 3600);
  await recharge(u3, 7_000, "success", dayAt(-10));
  await recharge(u1, 99_900, "failed", D0 + 30);
  await recharge(u1, 88_800, "review", null);
  // withdrawals: today 200.00 (fee 4.00, 196.00 left); the last second of yesterday 100.00 (fee 2.00); refused ones never
  await withdrawal(u1, 20_000, 400, "success", D0 + 40);
  await withdrawal(u2, 10_000, 200, "success", D0 - 1);
  await withdrawal(u2, 50_000, 1_000, "failed", D0 + 50);
  await withdrawal(u2, 40_000, 800, "review", null);
  // orders settled today: u1 wins (100 → 185), u2 loses 50, u1 ties 20, u3 loses 10; three days ago u2 wins (300 → 555)
  await order(u1, 10_000, 100, { status: "closed", payout: 18_500, closeTime: D0 + 3600 });
  await order(u2, 5_000, 50, { status: "closed", payout: 0, closeTime: D0 + 3700 });
  await order(u1, 2_000, 20, { status: "closed", payout: 2_000, closeTime: D0 + 3800 });
  await order(u3, 1_000, 10, { status: "closed", payout: 0, closeTime: D0 + 3900 });
  await order(u2, 30_000, 300, { status: "closed", payout: 55_500, closeTime: dayAt(-3) + 100 });
  // voided (stake and fee returned) and still open orders count for nothing
  await order(u3, 100_000, 1_000, { status: "void", closeTime: D0 + 4000 });
  await order(u3, 100_000, 1_000, { status: "holding" });
}, 120_000);
afterAll(() => h?.close());

const history = async (days?: string) => api(h, opsPaths.dashboardHistory, days ? { days } : {}, await staff(h, "finance"));

describe("the dashboard's history", () => {
  it("gives each of the last 7 UTC days its deposits, what left, fees, P/L of settled orders and new customers", async () => {
    const answer = await history("7");
    expect(answer.body.code, answer.body.msg).toBe(1);
    const { rows, from, to, days } = answer.body.data;
    expect({ days, from, to }).toEqual({ days: 7, from: dayAt(-6), to: NOW });
    expect(rows.map((row) => row.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(dayAt));
    const today = rows[6]!;
    expect(today.deposits).toEqual({ count: 2, total: "150.50" });
    expect(today.withdrawals).toEqual({ count: 1, paid: "196.00", fee: "4.00" });
    // order fees 1.00 + 0.50 + 0.20 + 0.10; the withdrawal's 4.00
    expect(today.fees).toEqual({ orders: "1.80", withdrawals: "4.00", total: "5.80" });
    // stakes 100 + 50 + 20 + 10 = 180 against payouts 185 + 0 + 20 + 0 = 205: the platform lost 25.00 before fees
    expect(today.ordersProfit).toBe("-25.00");
    expect(today.settledOrders).toBe(4);
    expect(today.newCustomers).toBe(1);
    const yesterday = rows[5]!;
    expect(yesterday.withdrawals).toEqual({ count: 1, paid: "98.00", fee: "2.00" });
    expect(yesterday.fees.total).toBe("2.00");
    expect(yesterday.newCustomers).toBe(1);
    expect(rows[4]!.deposits).toEqual({ count: 1, total: "30.00" });
    // three days ago: stake 300 paid 555
    expect(rows[3]!).toMatchObject({
      ordersProfit: "-255.00",
      settledOrders: 1,
      fees: { orders: "3.00", withdrawals: "0.00", total: "3.00" },
    });
    for (const quiet of [rows[0]!, rows[1]!, rows[2]!])
      expect(quiet).toMatchObject({ deposits: { count: 0, total: "0.00" }, ordersProfit: "0.00", settledOrders: 0, newCustomers: 0 });
  });

  it("ranks the range's winners by payouts minus stakes and fees, leaving out those who lost", async () => {
    const { topWinners } = (await history("7")).body.data;
    // u2: -50.50 today + 252.00 three days ago; u1: 84.00 - 0.20; u3 lost
    expect(topWinners).toEqual([
      { userId: ids.u2, account: "hist2", net: "201.50", orders: 2 },
      { userId: ids.u1, account: "hist1", net: "83.80", orders: 2 },
    ]);
  });

  it("counts 30 days back when asked, 7 by default, and refuses another range", async () => {
    const month = (await history("30")).body.data;
    expect(month.rows).toHaveLength(30);
    expect(month.from).toBe(dayAt(-29));
    expect(month.rows.find((row) => row.day === dayAt(-10))!.deposits).toEqual({ count: 1, total: "70.00" });
    expect(month.rows.find((row) => row.day === dayAt(-8))!.newCustomers).toBe(1);
    expect((await history()).body.data.rows).toHaveLength(7);
    expect((await history("90")).body.data.rows).toHaveLength(90);
    const refused = await history("14");
    expect(refused.body.err).toBe("invalid_input");
  });
});

describe("today's dashboard", () => {
  it("shows as withdrawals paid what left the platform, with the fee apart", async () => {
    const board = (await api(h, opsPaths.dashboard, {}, await staff(h, "finance"))).body.data;
    expect(board.today.withdrawals).toEqual({ count: 1, total: "196.00", fee: "4.00" });
    expect(board.today.deposits).toEqual({ count: 2, total: "150.50" });
  });
});
