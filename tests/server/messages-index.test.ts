import { afterAll, beforeAll, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";

// Every user-info answer counts the user's unread messages: the count must read the user's own messages and
// the broadcasts through an index, not every message of every user.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(() => database.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

it("counts a user's unread messages from the user_id index", async () => {
  await database.db.execute(
    `insert into messages (user_id, title, body, created_at) select n % 500, 't', 'b', 0 from generate_series(1, 5000) n` as never,
  );
  await database.db.execute("analyze messages" as never);
  await database.db.execute("set enable_seqscan = off" as never);
  const plan = rows<{ "QUERY PLAN": string }>(
    await database.db.execute(
      `explain select count(*) from messages m
      left join message_reads r on r.message_id = m.id and r.user_id = 42
      where (m.user_id = 42 or m.user_id is null) and r.message_id is null` as never,
    ),
  )
    .map((row) => row["QUERY PLAN"])
    .join("\n");
  expect(plan).toContain("messages_user");
});
