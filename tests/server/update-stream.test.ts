import type { AddressInfo } from "node:net";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { recordEvents } from "#server/db/outbox";
import { sendMessage } from "#server/modules/inbox/service";

import { api, type Harness, loginDemo, placeOrder, productId, registerUser, startHarness } from "./harness";
import { openStream } from "./stream-client";

/**
 * The update stream on PGlite: the outbox row written with a change reaches that customer's open stream once
 * the change commits, and only theirs; tickets open one stream once; a stream that comes back resumes after
 * the last event it had, missing nothing and repeating nothing.
 */
let h: Harness;
let base: string;
let demo: string;

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  demo = await loginDemo(h);
});
afterAll(() => h.close());

async function ticketFor(token: string): Promise<string> {
  const answer = await api(h, "POST", "/api/user/stream_ticket", {}, { token });
  expect(answer.body.code).toBe(1);
  return answer.body.data.ticket as string;
}

describe("the update stream", () => {
  it("needs a session for a ticket, and a ticket opens one stream, once, within its 30 s", async () => {
    expect((await api(h, "POST", "/api/user/stream_ticket")).status).toBe(401);
    const ticket = await ticketFor(demo);
    const first = await openStream(base, `ticket=${ticket}`);
    expect(first.status).toBe(200);
    first.close();
    const again = await openStream(base, `ticket=${ticket}`);
    expect(again.status).toBe(401);
    again.close();
    const late = await ticketFor(demo);
    await h.advance(31);
    const expired = await openStream(base, `ticket=${late}`);
    expect(expired.status).toBe(401);
    expired.close();
    const forged = await openStream(base, `ticket=${"A".repeat(43)}`);
    expect(forged.status).toBe(401);
    forged.close();
  });

  it("tells the customer of their settled order, and nobody else", async () => {
    const other = (await registerUser(h, "streamer1")).token as string;
    const mine = await openStream(base, `ticket=${await ticketFor(demo)}`);
    const theirs = await openStream(base, `ticket=${await ticketFor(other)}`);
    const pid = productId(h.feed, "BTCUSDT");
    const placed = await placeOrder(h, demo, pid);
    expect(placed.body.code).toBe(1);
    // settled once its exit minute's seed is revealed
    await h.advanceTo(placed.body.data.resultAt);
    await h.app.eventHub.caughtUp();
    const [event] = await mine.waitFor(1);
    expect(event).toMatchObject({ kind: "order_settled", data: { orderId: placed.body.data.id, pid } });
    expect(["win", "loss", "tie"]).toContain(event!.data.result);
    expect(theirs.events).toEqual([]);
    expect(mine.text()).toContain("retry: ");
    mine.close();
    theirs.close();
  });

  it("resumes after the last event seen: the missed ones once, in order, then live ones", async () => {
    const stream = await openStream(base, `ticket=${await ticketFor(demo)}`);
    await sendMessage(h.ctx, { account: "demo", title: "one", body: "first", type: "system" });
    const [first] = await stream.waitFor(1);
    stream.close();
    // while away: two more
    const missed = [];
    for (const title of ["two", "three"])
      missed.push((await sendMessage(h.ctx, { account: "demo", title, body: title, type: "system" })).id);
    const back = await openStream(base, `ticket=${await ticketFor(demo)}`, { "last-event-id": String(first!.id) });
    const replayed = await back.waitFor(2);
    expect(replayed.map((event) => event.data.id)).toEqual(missed);
    await sendMessage(h.ctx, { account: "demo", title: "four", body: "live", type: "system" });
    const all = await back.waitFor(3);
    const ids = all.map((event) => event.id);
    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(ids[0]).toBeGreaterThan(first!.id);
    back.close();
  });

  it("sends nothing for a change that rolled back", async () => {
    const stream = await openStream(base, `ticket=${await ticketFor(demo)}`);
    const demoId = (
      (await h.database.db.execute(sql`select id from users where account = 'demo'`)) as unknown as { rows: Array<{ id: number }> }
    ).rows[0]!.id;
    await expect(
      h.database.db.transaction(async (tx) => {
        await recordEvents(tx, [{ userId: demoId, kind: "message", data: { id: -1 } }], h.clock.now);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await sendMessage(h.ctx, { account: "demo", title: "after", body: "after", type: "system" });
    const [event] = await stream.waitFor(1);
    expect(event!.data.id).not.toBe(-1);
    await h.app.eventHub.caughtUp();
    expect(stream.events.map((received) => received.data.id)).not.toContain(-1);
    stream.close();
  });

  it("forgets a stream once its client goes", async () => {
    // the earlier tests' streams were all closed by their clients
    await expect.poll(() => h.app.eventHub.streamCount, { timeout: 5_000 }).toBe(0);
    const stream = await openStream(base, `ticket=${await ticketFor(demo)}`);
    await expect.poll(() => h.app.eventHub.streamCount, { timeout: 5_000 }).toBe(1);
    stream.close();
    await expect.poll(() => h.app.eventHub.streamCount, { timeout: 5_000 }).toBe(0);
  });
});
