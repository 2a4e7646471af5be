import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { fairRevealTime } from "#contract/fair";
import type { Order } from "#contract/trading";
import type { Db } from "#server/db/client";
import { settleDueOrders, SETTLEMENT_GRACE_SECONDS } from "#server/jobs/settlement";
import { SimulatedProvider } from "#server/market/provider";

import { api, type Harness, HARNESS_START, loginDemo, placeOrder, productId, startHarness } from "./harness";
import { type PostgresPair, startPostgresPair } from "./postgres-pair";

/**
 * An order on a simulated product is decided only once the seed of its exit minute is revealed, so no order is
 * settled on a tick no one can check (docs/fairness.md, "No order is settled before its seed is revealed"): it
 * waits for the reveal, settles right after it, and is void (refunded once) when the leader holding that seed
 * stops before revealing it.
 */

const rows = async <T>(db: Db, text: string) => ((await db.execute(text as never)) as unknown as { rows: T[] }).rows;
const minuteOf = (time: number) => Math.floor(time / 60);

/** Customers whose cash is not the sum of their cash ledger: none, whatever happened. */
const unbalanced = (db: Db) =>
  rows(
    db,
    `select u.id from users u left join ledger l on l.user_id = u.id and l.account = 'cash'
     group by u.id having u.cash <> coalesce(sum(l.delta), 0)`,
  );

/** The ledger rows an order's settlement or void wrote (its stake and fee are written when it is placed). */
const closingEntries = (db: Db, id: number) =>
  rows<{ reason: string; delta: string }>(
    db,
    `select reason, delta::text from ledger where reference = 'order:${id}' and reason in ('order_settlement', 'order_void')`,
  );

const revealed = async (db: Db, minute: number) =>
  (await rows<{ n: number }>(db, `select count(*)::int as n from fair_reveals where minute = ${minute}`))[0]!.n > 0;

describe("settlement waits for the exit minute's reveal (PGlite, one process restarted)", () => {
  let dataDir: string;
  let h: Harness;
  let token: string;
  let btc: number;
  const status = async (id: number) => (await api(h, endpoints.order, { id: String(id) }, { token })).body.data as Order;
  const cash = async () => (await api(h, endpoints.userInfo, {}, { token })).body.data.cash as string;

  /** A 30 s order placed 20 s into a fresh minute: it expires mid-minute, 40 s before its minute is over. */
  async function orderMidMinute(): Promise<Order> {
    await h.advanceTo((minuteOf(h.clock.now) + 1) * 60 + 20);
    const placed = await placeOrder(h, token, btc);
    expect(placed.body.code).toBe(1);
    const order = placed.body.data as Order;
    expect(minuteOf(order.closeTime) * 60 + 50).toBe(order.closeTime);
    expect(order.resultAt).toBe(fairRevealTime(minuteOf(order.closeTime)));
    return order;
  }

  /** The leader stops (its held seeds die with it) and starts again `after` seconds later, taking over. */
  async function restart(after: number): Promise<void> {
    const stoppedAt = h.clock.now;
    await h.close();
    h = await startHarness({ provider: new SimulatedProvider(), dataDir, start: stoppedAt + after });
    token = await loginDemo(h);
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "trading-reveal-"));
    h = await startHarness({ provider: new SimulatedProvider(), dataDir });
    token = await loginDemo(h);
    btc = productId(h.feed, "BTCUSDT");
    await h.advance(1);
  }, 60_000);
  afterEach(async () => {
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is not settled before the reveal, and is settled in the round right after it", async () => {
    const order = await orderMidMinute();
    // the exit tick is recorded and the settlement grace is over: before this change it settled here
    await h.advanceTo(order.closeTime + SETTLEMENT_GRACE_SECONDS + 1);
    expect((await rows(h.database.db, `select 1 from ticks where product_id = ${btc} and time = ${order.closeTime}`)).length).toBe(1);
    await h.advanceTo(order.resultAt! - 1);
    expect(await revealed(h.database.db, minuteOf(order.closeTime))).toBe(false);
    expect(await status(order.id)).toMatchObject({ status: "holding", resultAt: order.resultAt });
    expect(await closingEntries(h.database.db, order.id)).toEqual([]);

    await h.advance(1);
    expect(await revealed(h.database.db, minuteOf(order.closeTime))).toBe(true);
    const settled = await status(order.id);
    const [exitTick] = await rows<{ price: string }>(
      h.database.db,
      `select price::text from ticks where product_id = ${btc} and time = ${order.closeTime}`,
    );
    expect(settled).toMatchObject({ status: "closed", settledAt: order.resultAt, resultAt: null });
    expect(Math.round(Number(settled.closePrice) * 10 ** settled.precision)).toBe(Number(exitTick!.price));
    // once: more rounds change nothing
    const entries = await closingEntries(h.database.db, order.id);
    expect(entries.length).toBe(settled.result === "loss" ? 0 : 1);
    await h.advance(70);
    expect(await closingEntries(h.database.db, order.id)).toEqual(entries);
    expect(await unbalanced(h.database.db)).toEqual([]);
  }, 120_000);

  it("is void, refunded once, when the leader stops after its expiry but before the reveal", async () => {
    const before = await cash();
    const order = await orderMidMinute();
    await h.advanceTo(order.closeTime + 3);
    expect(await status(order.id)).toMatchObject({ status: "holding" });
    await restart(2);

    await h.advanceTo(order.resultAt!);
    // the exit tick was recorded under a standing commitment, but its seed left with the stopped leader
    const [exitTick] = await rows<{ uncommitted: boolean }>(
      h.database.db,
      `select uncommitted from ticks where product_id = ${btc} and time = ${order.closeTime}`,
    );
    expect(exitTick).toEqual({ uncommitted: false });
    const commitments = await rows<{ lost: boolean; revealed: boolean }>(
      h.database.db,
      `select c.lost, exists (select 1 from fair_reveals r where r.commitment = c.commitment) as revealed
       from fair_commitments c where c.minute = ${minuteOf(order.closeTime)} and c.created_at < ${order.openTime}`,
    );
    expect(commitments).toEqual([{ lost: true, revealed: false }]);
    expect(await status(order.id)).toMatchObject({ status: "void", voidReason: "uncommitted", result: null });
    expect(await cash()).toBe(before);
    await h.advance(70);
    expect(await closingEntries(h.database.db, order.id)).toEqual([{ reason: "order_void", delta: "10100" }]);
    expect(await unbalanced(h.database.db)).toEqual([]);
  }, 120_000);

  it("is settled by the next leader when its minute was revealed before the leader stopped", async () => {
    const order = await orderMidMinute();
    await h.advanceTo(order.resultAt! - 1);
    // the round that reveals runs; the leader stops before its settlement round does
    h.clock.now = order.resultAt!;
    await h.feed.advance(h.clock.now);
    expect(await revealed(h.database.db, minuteOf(order.closeTime))).toBe(true);
    expect(await status(order.id)).toMatchObject({ status: "holding" });
    await restart(1);

    await h.advance(1);
    const settled = await status(order.id);
    expect(settled).toMatchObject({ status: "closed" });
    expect(settled.result).not.toBeNull();
    await h.advance(5);
    expect((await closingEntries(h.database.db, order.id)).length).toBe(settled.result === "loss" ? 0 : 1);
    expect(await unbalanced(h.database.db)).toEqual([]);
  }, 120_000);
});

describe("a leader change on PostgreSQL with two processes", () => {
  let pair: PostgresPair;
  afterAll(async () => {
    await pair?.close();
  });

  it("settles the order whose minute was revealed and voids, once, the one whose seed died with the leader", async () => {
    pair = await startPostgresPair({ start: HARNESS_START });
    const { leader, follower } = pair;
    const token = await loginDemo(follower);
    const btc = productId(follower.feed, "BTCUSDT");
    const cashOf = async () => (await api(follower, endpoints.userInfo, {}, { token })).body.data.cash as string;
    const cashBefore = Number(await cashOf());

    await leader.advanceTo(HARNESS_START + 20);
    await follower.feed.follow();
    // through the process that does not lead: a 30 s order ending mid-minute, and a 60 s one ending in the next
    const early = (await placeOrder(follower, token, btc)).body.data as Order;
    const late = (await placeOrder(follower, token, btc, { seconds: "60" })).body.data as Order;
    expect(minuteOf(late.closeTime)).toBe(minuteOf(early.closeTime) + 1);

    // the leader records up to the early order's reveal and writes it, then dies before its settlement round
    await leader.advanceTo(early.resultAt! - 1);
    leader.clock.now = early.resultAt!;
    await leader.feed.advance(leader.clock.now);
    expect(await revealed(leader.database.db, minuteOf(early.closeTime))).toBe(true);
    expect(await pair.rows(`select id from orders where status <> 'holding'`)).toEqual([]);

    // the follower takes over: the late order's exit minute is lost with the dead leader's seed
    await follower.feed.takeOver();
    const db = follower.database.db;
    while (follower.clock.now < late.resultAt! + 1) {
      follower.clock.now += 1;
      await follower.feed.advance(follower.clock.now);
      // both pools at once, as a leader that has not yet noticed it lost the lock would
      await Promise.all([settleDueOrders(db, follower.clock.now), settleDueOrders(follower.database.jobsDb, follower.clock.now)]);
      if (follower.clock.now < late.resultAt!)
        expect((await api(follower, endpoints.order, { id: String(late.id) }, { token })).body.data.status).toBe("holding");
    }
    const settled = (await api(follower, endpoints.order, { id: String(early.id) }, { token })).body.data as Order;
    const voided = (await api(follower, endpoints.order, { id: String(late.id) }, { token })).body.data as Order;
    expect(settled.status).toBe("closed");
    expect(voided).toMatchObject({ status: "void", voidReason: "uncommitted" });
    expect(await closingEntries(db, late.id)).toEqual([{ reason: "order_void", delta: "10100" }]);
    const settlement = await closingEntries(db, early.id);
    expect(settlement.length).toBe(settled.result === "loss" ? 0 : 1);
    // the void gave back stake and fee; the settled order moved cash by its result only
    const expected = cashBefore - 101 + (settled.result === "win" ? 180 : settled.result === "tie" ? 100 : 0);
    expect(Number(await cashOf())).toBeCloseTo(expected, 2);
    expect(await unbalanced(db)).toEqual([]);
  }, 180_000);
});
