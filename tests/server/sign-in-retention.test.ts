import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { customerSignIns, users } from "#server/db/schema";
import { startJobs } from "#server/jobs/runner";

import { api, type Harness, HARNESS_START, registerUser, startHarness } from "./harness";

/**
 * Where customers signed in from (address, device id) is kept for the money desk's shared-device signal, and
 * no longer than the retention: the leader's housekeeping deletes older records, as the job runner runs it.
 */
let h: Harness;
const DAY = 86_400;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(() => h?.close());

const login = (account: string) => api(h, endpoints.login, { account, password: "secret123" });

async function signInTimes(account: string): Promise<number[]> {
  const rows = await h.database.db
    .select({ at: customerSignIns.at })
    .from(customerSignIns)
    .innerJoin(users, eq(users.id, customerSignIns.userId))
    .where(eq(users.account, account))
    .orderBy(customerSignIns.at);
  return rows.map((row) => row.at);
}

/** One housekeeping round of the job runner (the leader's), on the harness's clock and database. */
async function housekeepingRound(signInRetentionDays?: number) {
  const jobs = await startJobs({
    db: h.database.db,
    feed: h.feed,
    now: h.ctx.now,
    log: (line) => h.logs.push(line),
    leadership: { isLeader: () => true, stop: async () => {} },
    signInRetentionDays,
  });
  await jobs.stop();
  await jobs.runOnce();
}

it("deletes sign-in records older than the retention (180 days unless configured), keeping the newer ones", async () => {
  const now = h.clock.now;
  // the clock is the harness's: a registration 200 days ago, a login 100 days ago, one today
  h.clock.now = HARNESS_START - 200 * DAY;
  expect((await registerUser(h, "signkeep01")).token).toBeTypeOf("string");
  h.clock.now = HARNESS_START - 100 * DAY;
  expect((await login("signkeep01")).body.code).toBe(1);
  h.clock.now = now;
  expect((await login("signkeep01")).body.code).toBe(1);
  expect(await signInTimes("signkeep01")).toEqual([HARNESS_START - 200 * DAY, HARNESS_START - 100 * DAY, now]);

  await housekeepingRound();
  expect(await signInTimes("signkeep01")).toEqual([HARNESS_START - 100 * DAY, now]);
  expect(h.logs).toContain("deleted 1 sign-in record(s) past their retention");

  // a shorter retention configured: the login of 100 days ago goes too, today's stays
  await housekeepingRound(90);
  expect(await signInTimes("signkeep01")).toEqual([now]);
});
