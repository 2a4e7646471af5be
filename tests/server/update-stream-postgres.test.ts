import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { recordEvents } from "#server/db/outbox";
import { users } from "#server/db/schema";
import { EventHub, type StoredEvent } from "#server/modules/events/hub";

import { startTempPostgres, type TempPostgres } from "./postgres-server";

/**
 * The stream across processes on one PostgreSQL: an event committed through one process's pool reaches a
 * stream held by another, woken by the NOTIFY its transaction sent at commit; events of transactions that
 * commit out of id order are all delivered, each once.
 */
describe("the update stream across two processes on PostgreSQL", () => {
  let postgres: TempPostgres;
  const databases: Database[] = [];
  const hubs: EventHub[] = [];
  let userId = 0;

  beforeAll(async () => {
    postgres = await startTempPostgres();
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: postgres.url, dataDir: null }));
    const [user] = await databases[0]!.db
      .insert(users)
      .values({ account: "streamer", passwordHash: "x", phone: "13900000001", inviteCode: "STRM01", createdAt: 1 })
      .returning({ id: users.id });
    userId = user!.id;
    for (const database of databases) {
      const hub = new EventHub(database.db, () => {});
      await hub.start(database.listen);
      hubs.push(hub);
    }
  }, 90_000);
  afterAll(async () => {
    for (const hub of hubs) await hub.stop();
    for (const database of databases) await database.close();
    postgres?.stop();
  });

  const listen = (hub: EventHub) => {
    const received: StoredEvent[] = [];
    const stop = hub.subscribe({ userId, deliver: (event) => received.push(event) });
    return { received, stop };
  };

  it("delivers an event committed on one process to a stream held by the other", async () => {
    const onB = listen(hubs[1]!);
    await databases[0]!.db.transaction((tx) => recordEvents(tx, [{ userId, kind: "message", data: { id: 1 } }], 100));
    await expect.poll(() => onB.received.length, { timeout: 5_000 }).toBe(1);
    expect(onB.received[0]).toMatchObject({ userId, kind: "message", payload: { id: 1 } });
    onB.stop();
  });

  it("delivers an event whose transaction took its id first but committed last", async () => {
    const onB = listen(hubs[1]!);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // the slow transaction takes the lower id and commits after a faster one with a higher id was read
    const slow = databases[0]!.db.transaction(async (tx) => {
      await recordEvents(tx, [{ userId, kind: "message", data: { id: 2 } }], 100);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await databases[1]!.db.transaction((tx) => recordEvents(tx, [{ userId, kind: "message", data: { id: 3 } }], 100));
    await expect.poll(() => onB.received.length, { timeout: 5_000 }).toBe(1);
    release();
    await slow;
    await expect.poll(() => onB.received.length, { timeout: 5_000 }).toBe(2);
    expect(onB.received.map((event) => (event.payload as { id: number }).id).sort()).toEqual([2, 3]);
    // and nothing twice, however often the hub reads again
    await hubs[1]!.caughtUp();
    await hubs[1]!.caughtUp();
    expect(onB.received).toHaveLength(2);
    onB.stop();
  });
});
