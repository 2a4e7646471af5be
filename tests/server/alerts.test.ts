import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LARGE_WIN_CENTS, QUEUE_ALERT_MINUTES } from "#contract/alerts";
import { opsPaths } from "#contract/ops-paths";
import { events, opsAlerts, opsAudit, orders, recharges, users, verifications, withdrawals } from "#server/db/schema";
import { raiseAlerts } from "#server/jobs/alerts";

import { api, type Harness, startHarness } from "./harness";
import { staff } from "./staff";

/**
 * Alerts the job leader raises (a large win, a stale feed, a request waiting too long), each once per cause
 * however often the job looks, on a controlled clock; shown to the roles of their topic and acknowledged once,
 * by a named operator, audited.
 */
let h: Harness;
let demoId: number;

const raise = () => raiseAlerts(h.database.db, h.feed, h.clock.now);
const alertsOf = (kind: "large_win" | "stale_feed" | "queue_old") =>
  h.database.db.select().from(opsAlerts).where(eq(opsAlerts.kind, kind)).orderBy(opsAlerts.id);
const raisedEvents = async () =>
  (await h.database.db.select().from(events).where(eq(events.kind, "alert_raised"))).map((row) => row.payload as { id: number });

let orderNo = 0;
const settledOrder = (stake: number, payout: number, closeTime: number) =>
  h.database.db
    .insert(orders)
    .values({
      userId: demoId,
      productId: 1,
      requestId: `alert-${orderNo++}`,
      direction: "up",
      amount: stake,
      fee: 0,
      seconds: 60,
      payoutBps: 8500,
      openPrice: 100,
      openTickTime: closeTime - 60,
      openTime: closeTime - 60,
      expiresAt: closeTime,
      status: "closed",
      closeTime,
      result: payout > stake ? "win" : "loss",
      payout,
    })
    .returning({ id: orders.id });

beforeAll(async () => {
  h = await startHarness();
  // the feed recorded up to now: no product is stale yet
  await h.advance(1);
  const [demo] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.account, "demo"));
  demoId = demo!.id;
}, 120_000);
afterAll(() => h?.close());

describe("a large win", () => {
  it("raises one alert per order above the threshold, however often the job looks, with one stream event", async () => {
    const [big] = await settledOrder(1_000_000, 1_000_000 + LARGE_WIN_CENTS + 1, h.clock.now);
    // exactly at the threshold is no alert
    await settledOrder(1_000_000, 1_000_000 + LARGE_WIN_CENTS, h.clock.now);
    await raise();
    await raise();
    h.clock.now += 1;
    await h.advance(1);
    await raise();
    const raised = await alertsOf("large_win");
    expect(raised.map((row) => row.subject)).toEqual([`order:${big!.id}`]);
    expect(raised[0]!.details).toMatchObject({ account: "demo", stake: 1_000_000, win: LARGE_WIN_CENTS + 1 });
    expect((await raisedEvents()).filter((event) => event.id === raised[0]!.id)).toHaveLength(1);
  });

  it("is shown to finance with the win in U, not to support, and acknowledged once by a named person, audited", async () => {
    const [alert] = await alertsOf("large_win");
    const finance = await staff(h, "finance");
    const support = await staff(h, "support");
    const listed = (await api(h, opsPaths.listAlerts, {}, finance)).body.data;
    expect(listed.open.find((row) => row.id === alert!.id)).toMatchObject({ kind: "large_win", details: { win: "5000.01" } });
    const supportList = (await api(h, opsPaths.listAlerts, {}, support)).body.data;
    expect(supportList.open.some((row) => row.kind === "large_win")).toBe(false);
    // support is told no such alert exists; the machine token is no person
    expect((await api(h, opsPaths.acknowledgeAlert, { id: String(alert!.id) }, support)).body.err).toBe("record_not_found");
    const taken = await api(h, opsPaths.acknowledgeAlert, { id: String(alert!.id) }, finance);
    expect(taken.body.code, taken.body.msg).toBe(1);
    expect(taken.body.data).toMatchObject({ id: alert!.id, acknowledgedBy: "staff-finance", acknowledgedAt: h.clock.now });
    const again = await api(h, opsPaths.acknowledgeAlert, { id: String(alert!.id) }, await staff(h, "admin"));
    expect(again.body.err).toBe("already_reviewed");
    const after = (await api(h, opsPaths.listAlerts, {}, finance)).body.data;
    expect(after.open.some((row) => row.id === alert!.id)).toBe(false);
    expect(after.acknowledged.find((row) => row.id === alert!.id)?.acknowledgedBy).toBe("staff-finance");
    const audit = await h.database.db
      .select()
      .from(opsAudit)
      .where(and(eq(opsAudit.action, "POST /api/ops/alert/ack"), eq(opsAudit.target, `alert:${alert!.id}`)));
    expect(audit.map((row) => row.actor)).toEqual(["staff-finance"]);
    const acknowledged = await h.database.db.select().from(events).where(eq(events.kind, "alert_acknowledged"));
    expect(acknowledged.map((row) => (row.payload as { id: number }).id)).toEqual([alert!.id]);
  });
});

describe("a stale feed", () => {
  it("raises one alert per open product per stall, none for a closed market, and again after the feed came back", async () => {
    await h.advance(1);
    const before = (await alertsOf("stale_feed")).length;
    await raise();
    expect((await alertsOf("stale_feed")).length).toBe(before);
    // nothing recorded for longer than the max quote age (2 s)
    h.clock.now += 5;
    await raise();
    await raise();
    const open = [...h.feed.products.values()].filter((product) => h.feed.status(product.id, h.clock.now) === "open");
    const closed = [...h.feed.products.values()].filter((product) => h.feed.status(product.id, h.clock.now) !== "open");
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    const firstStall = (await alertsOf("stale_feed")).slice(before);
    expect(firstStall.map((row) => row.subject).sort()).toEqual(open.map((product) => `product:${product.id}`).sort());
    // the feed records again: nothing new while it is fresh; a second stall is a new cause
    await h.advance(1);
    await raise();
    expect((await alertsOf("stale_feed")).length).toBe(before + open.length);
    h.clock.now += 5;
    await raise();
    expect((await alertsOf("stale_feed")).length).toBe(before + 2 * open.length);
    await h.advance(1);
  });
});

describe("a request waiting too long", () => {
  it("raises one alert per recharge, withdrawal and real-name request older than the limit, to the queue's role", async () => {
    await h.advance(1);
    const now = h.clock.now;
    const old = now - QUEUE_ALERT_MINUTES * 60;
    const [recharge] = await h.database.db
      .insert(recharges)
      .values({ userId: demoId, channelId: 1, amount: 10_000, screenshot: "/uploads/a.png", createdAt: old })
      .returning({ id: recharges.id });
    await h.database.db
      .insert(recharges)
      .values({ userId: demoId, channelId: 1, amount: 10_000, screenshot: "/uploads/b.png", createdAt: old + 1 });
    const [withdrawal] = await h.database.db
      .insert(withdrawals)
      .values({ userId: demoId, cardId: 0, amount: 10_000, fee: 0, actual: 10_000, createdAt: old - 100 })
      .returning({ id: withdrawals.id });
    const [verification] = await h.database.db
      .insert(verifications)
      .values({ userId: demoId, name: "Demo", idNumber: "x", createdAt: old })
      .returning({ id: verifications.id });
    // decided requests never alert
    await h.database.db
      .insert(recharges)
      .values({ userId: demoId, channelId: 1, amount: 10_000, screenshot: "/uploads/c.png", status: "success", createdAt: old - 999 });
    await raise();
    await raise();
    const waiting = await alertsOf("queue_old");
    expect(waiting.map((row) => [row.subject, row.topic])).toEqual([
      [`recharge:${recharge!.id}`, "recharge"],
      [`withdrawal:${withdrawal!.id}`, "withdrawal"],
      [`verification:${verification!.id}`, "verification"],
    ]);
    // a second later the other recharge is old enough too: one more alert, for it alone
    h.clock.now += 1;
    await raise();
    expect((await alertsOf("queue_old")).length).toBe(4);
    const support = (await api(h, opsPaths.listAlerts, {}, await staff(h, "support"))).body.data.open;
    expect(support.filter((row) => row.kind === "queue_old").map((row) => row.subject)).toEqual([`verification:${verification!.id}`]);
    const every = await h.database.db.select({ id: opsAlerts.id }).from(opsAlerts);
    expect((await raisedEvents()).map((event) => event.id).sort()).toEqual(every.map((row) => row.id).sort());
  });
});
