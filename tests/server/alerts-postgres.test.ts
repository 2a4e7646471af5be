import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { QUEUE_ALERT_MINUTES } from "#contract/alerts";
import { opsPaths } from "#contract/ops-paths";
import { events, opsAlerts, recharges, users } from "#server/db/schema";
import { raiseAlerts } from "#server/jobs/alerts";

import { api } from "./harness";
import { type PostgresPair, startPostgresPair } from "./postgres-pair";
import { staff } from "./staff";

/**
 * Alerts and the dashboard's history on PostgreSQL with two pools: two raises of the same cause at once (a
 * leader that lost its lock while the next one took over) still make one alert and one event.
 */
let pair: PostgresPair;
beforeAll(async () => {
  pair = await startPostgresPair();
  await pair.leader.advance(1);
}, 120_000);
afterAll(() => pair?.close());

describe("alerts on PostgreSQL", () => {
  it("raises one alert per cause when two pools raise at once", async () => {
    const db = pair.leader.database.db;
    const now = pair.leader.clock.now;
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.account, "demo"));
    const [recharge] = await db
      .insert(recharges)
      .values({ userId: demo!.id, channelId: 1, amount: 10_000, screenshot: "/uploads/pg.png", createdAt: now - QUEUE_ALERT_MINUTES * 60 })
      .returning({ id: recharges.id });
    await Promise.all(
      [pair.leader, pair.follower, pair.leader, pair.follower].map((h) => raiseAlerts(h.database.db, pair.leader.feed, now)),
    );
    const raised = await db
      .select()
      .from(opsAlerts)
      .where(eq(opsAlerts.subject, `recharge:${recharge!.id}`));
    expect(raised).toHaveLength(1);
    const told = (await db.select().from(events).where(eq(events.kind, "alert_raised"))).filter(
      (event) => (event.payload as { id: number }).id === raised[0]!.id,
    );
    expect(told).toHaveLength(1);
  });

  it("answers the dashboard's history", async () => {
    const answer = await api(pair.leader, opsPaths.dashboardHistory, { days: "30" }, await staff(pair.leader, "finance"));
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(answer.body.data.rows).toHaveLength(30);
  });
});
