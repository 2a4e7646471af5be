import { afterAll, beforeAll, expect, it } from "vitest";

import { STREAM_RETENTION_SECONDS } from "#contract/stream";
import { recordEvents } from "#server/db/outbox";
import { CLAIM_RETENTION_SECONDS, forgetExpired } from "#server/jobs/housekeeping";

import { api, type Harness, rid, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(() => h.close());

async function rows(table: string, userId: number): Promise<number> {
  const result = (await h.database.db.execute(`select count(*) n from ${table} where user_id = ${userId}` as never)) as unknown as {
    rows: Array<{ n: string }>;
  };
  return Number(result.rows[0]!.n);
}

it("forgets request claims past their retention and password counts past their window, keeping the live ones", async () => {
  const u = await fundedUser(h, "housekeep1");
  const id = (await api(h, "GET", "/api/user/index", {}, { token: u.token })).body.data.id as number;
  const exchange = (payPassword: string) =>
    api(h, "POST", "/api/user/exchange", { from: "cash", amount: "10", payPassword, requestId: rid() }, { token: u.token });
  expect((await exchange(u.payPassword)).body.code).toBe(1);
  expect((await exchange("wrong999")).body.err).toBe("wrong_fund_password");
  const claims = await rows("request_claims", id);
  expect(claims).toBeGreaterThan(0);
  expect(await rows("password_guards", id)).toBe(1);

  // inside both windows nothing goes
  await forgetExpired(h.database.db, h.clock.now + 60);
  expect(await rows("request_claims", id)).toBe(claims);
  expect(await rows("password_guards", id)).toBe(1);

  // the wrong try's window is over: its count goes, the claims stay
  await forgetExpired(h.database.db, h.clock.now + 16 * 60);
  expect(await rows("password_guards", id)).toBe(0);
  expect(await rows("request_claims", id)).toBe(claims);

  // a month on, the claims go too
  await forgetExpired(h.database.db, h.clock.now + CLAIM_RETENTION_SECONDS + 1);
  expect(await rows("request_claims", id)).toBe(0);
});

it("forgets update-stream events after the day a stream may resume within, and tickets nobody redeemed", async () => {
  const u = await fundedUser(h, "housekeep2");
  const id = (await api(h, "GET", "/api/user/index", {}, { token: u.token })).body.data.id as number;
  await h.database.db.transaction((tx) => recordEvents(tx, [{ userId: id, kind: "message", data: { id: 1 } }], h.clock.now));
  expect((await api(h, "POST", "/api/user/stream_ticket", {}, { token: u.token })).body.code).toBe(1);
  const tickets = async () =>
    Number(
      ((await h.database.db.execute("select count(*) n from stream_tickets" as never)) as unknown as { rows: Array<{ n: string }> })
        .rows[0]!.n,
    );
  expect(await tickets()).toBe(1);
  // the recharge that funded the user told them too (a review decision and a message)
  const kept = await rows("events", id);
  expect(kept).toBeGreaterThanOrEqual(1);

  await forgetExpired(h.database.db, h.clock.now + STREAM_RETENTION_SECONDS - 60);
  expect(await rows("events", id)).toBe(kept);
  expect(await tickets()).toBe(0);
  await forgetExpired(h.database.db, h.clock.now + STREAM_RETENTION_SECONDS + 1);
  expect(await rows("events", id)).toBe(0);
});

it("forgets login counts past their window, for unknown names too, keeping the live ones", async () => {
  const guards = async () =>
    Number(
      (
        (await h.database.db.execute("select count(*) n from login_guards where account = 'nobody77'" as never)) as unknown as {
          rows: Array<{ n: string }>;
        }
      ).rows[0]!.n,
    );
  expect((await api(h, "POST", "/api/login/index", { account: "nobody77", password: "wrong123" })).body.err).toBe("wrong_password");
  // its address's count and the count of every address
  expect(await guards()).toBe(2);
  await forgetExpired(h.database.db, h.clock.now + 60);
  expect(await guards()).toBe(2);
  await forgetExpired(h.database.db, h.clock.now + 16 * 60);
  expect(await guards()).toBe(0);
});
