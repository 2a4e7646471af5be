import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { QUEUE_ALERT_MINUTES } from "#contract/alerts";
import { endpoints } from "#contract/endpoints";
import { fairRevealTime } from "#contract/fair";
import type { OpsRole } from "#contract/operators";
import { opsEndpoints } from "#contract/ops";
import { opsPaths } from "#contract/ops-paths";
import { operators, operatorSessions, opsAlerts, recharges, users, verifications } from "#server/db/schema";
import { raiseAlerts } from "#server/jobs/alerts";
import { hashToken } from "#server/modules/accounts/tokens";
import { tellStreamsOperatorChanged } from "#server/modules/events/console-events";

import { api, type Harness, OPS_TOKEN, placeOrder, productId, rid, startHarness } from "./harness";
import { addOperator, type OpsSite, send, signedIn } from "./ops-sites";
import { residentId } from "./resident-ids";
import { fundedUser, uploadPng } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";
import { type OpenStream, openStream, type ReceivedEvent } from "./stream-client";

/**
 * The console's update stream on PGlite: only a signed-in operator gets a ticket, a ticket opens the console's
 * stream once, each operator hears the topics of their role and nothing else, and a stream that comes back
 * resumes after the last event it had.
 */
let h: Harness;
let site: OpsSite;
let base: string;
const cookie = {} as Record<OpsRole, string>;

beforeAll(async () => {
  // no heartbeat within a test: a stream that ends here was ended by an event, not by the heartbeat's check
  h = await startHarness({ streamHeartbeatMs: 3_600_000 });
  site = { kind: "pglite", apps: [h.app], db: h.database.db, clock: h.clock, close: () => h.close() };
  for (const role of ["admin", "finance", "support", "content"] as const)
    cookie[role] = await signedIn(site, await addOperator(site, `${role}-watch`, role));
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => h?.close());

async function ticketAs(headers: Record<string, string>) {
  return api(h, "POST", "/api/ops/stream_ticket", {}, headers);
}

async function opsTicket(role: OpsRole): Promise<string> {
  const answer = await ticketAs({ cookie: cookie[role] });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data.ticket as string;
}

/** Opens the console's stream as the browser does: with the ticket, and the session cookie of `role`'s operator. */
const openOps = (role: OpsRole, query: string, headers: Record<string, string> = {}) =>
  openStream(base, query, { cookie: cookie[role], ...headers }, "/api/ops/stream");

/** The customer asks for real-name verification: the real-name queue (support's topic) gets a request. */
async function askRealName(token: string, name: string, idNumber: string) {
  const certified = await api(h, "POST", "/api/user/certification", { requestId: rid(), name, idNumber, agree: "1" }, { token });
  expect(certified.body.code, certified.body.msg).toBe(1);
}

/** What a role's stream said, as `kind queue change` words, comparable to a list written out by hand. */
const said = (events: ReceivedEvent[]) =>
  events.map((event) => [event.kind, event.data.queue, event.data.change].filter((part) => part !== undefined).join(" "));

describe("the console's stream ticket", () => {
  it("is issued to a signed-in operator only: not without a session, not to a customer's token, not to the machine token", async () => {
    expect((await ticketAs({})).body.err).toBe("ops_forbidden");
    const customer = (await api(h, "POST", "/api/login/index", { account: "demo", password: "demo1234" })).body.data.token as string;
    const asCustomer = await ticketAs({ token: customer });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.err).toBe("ops_forbidden");
    expect((await ticketAs({ "ops-token": OPS_TOKEN })).body.err).toBe("ops_forbidden");
    // and a customer's own stream ticket does not open the console's stream
    const customerTicket = (await api(h, "POST", "/api/user/stream_ticket", {}, { token: customer })).body.data.ticket as string;
    const refused = await openOps("admin", `ticket=${customerTicket}`);
    expect(refused.status).toBe(403);
    refused.close();
  });

  it("opens the console's stream once, within its 30 s, and not the customer's", async () => {
    const ticket = await opsTicket("admin");
    const first = await openOps("admin", `ticket=${ticket}`);
    expect(first.status).toBe(200);
    expect(first.text()).toContain("retry: ");
    first.close();
    const again = await openOps("admin", `ticket=${ticket}`);
    expect(again.status).toBe(403);
    again.close();
    const late = await opsTicket("admin");
    await h.advance(31);
    const expired = await openOps("admin", `ticket=${late}`);
    expect(expired.status).toBe(403);
    expired.close();
    const onCustomerStream = await openStream(base, `ticket=${await opsTicket("admin")}`);
    expect(onCustomerStream.status).toBe(401);
    onCustomerStream.close();
  });
});

describe("what each operator hears", () => {
  const streams = {} as Record<OpsRole, OpenStream>;
  afterAll(() => Object.values(streams).forEach((stream) => stream.close()));

  it("carries only the topics of the operator's role: money to finance, real-name to support, all to admin", async () => {
    for (const role of ["admin", "finance", "support", "content"] as const)
      streams[role] = await openOps(role, `ticket=${await opsTicket(role)}`);
    // a recharge submitted and approved (the funded user), an order, a real-name request, another order
    const user = await fundedUser(h, "opswatch1");
    const pid = productId(h.feed, "BTCUSDT");
    expect((await placeOrder(h, user.token, pid)).body.code).toBe(1);
    await askRealName(user.token, "Watch Lee", residentId("19880808", 7));
    expect((await placeOrder(h, user.token, pid)).body.code).toBe(1);

    const everything = [
      "queue_changed recharge submitted",
      "queue_changed recharge decided",
      "order_placed",
      "queue_changed verification submitted",
      "order_placed",
    ];
    expect(said(await streams.admin.waitFor(5))).toEqual(everything);
    // each stream's events are written in id order: once a role's last event is in, nothing before it is missing
    expect(said(await streams.finance.waitFor(4))).toEqual(everything.filter((line) => !line.includes("verification")));
    expect(said(await streams.support.waitFor(1))).toEqual(["queue_changed verification submitted"]);
    const [order] = (await streams.finance.waitFor(4)).filter((event) => event.kind === "order_placed");
    expect(order!.data).toEqual({ orderId: expect.any(Number), pid });
    // the support stream had the real-name event after the money ones were written to every stream
    expect(streams.support.events).toHaveLength(1);
    await h.app.eventHub.caughtUp();
    expect(streams.content.events).toEqual([]);
  });

  it("tells the console of a settlement batch, once, to the roles that see money", async () => {
    const before = streams.finance.events.length;
    // the two orders above expire in one second and settle together once their exit minute's seed is revealed
    const due = (await h.database.db.execute(
      `select max(expires_at)::int as exit from orders where status = 'holding'` as never,
    )) as unknown as {
      rows: Array<{ exit: number }>;
    };
    await h.advanceTo(fairRevealTime(Math.floor(due.rows[0]!.exit / 60)));
    await h.app.eventHub.caughtUp();
    const events = await streams.finance.waitFor(before + 1);
    expect(events.at(-1)).toMatchObject({ kind: "orders_settled", data: { count: 2 } });
    expect(streams.support.events.map((event) => event.kind)).not.toContain("orders_settled");
  });

  it("tells the console of a first approval, so the second approver's queue shows the row waiting", async () => {
    const customer = await fundedUser(h, "opswatch4", "100");
    const asPerson = await staff(h, "finance");
    expect((await api(h, opsEndpoints.setMoneyRules, { dualApprovalAbove: "500" }, asPerson)).body.code).toBe(1);
    try {
      const channel = (await api(h, endpoints.rechargeInfo, {}, { token: customer.token })).body.data.channels[0]!.id;
      const screenshot = await uploadPng(h, customer.token);
      const fields = { requestId: rid(), channelId: String(channel), amount: "600", screenshot };
      const recharge = await api(h, endpoints.recharge, fields, { token: customer.token });
      expect(recharge.body.code, recharge.body.msg).toBe(1);
      const before = streams.finance.events.length;
      const first = await api(h, opsEndpoints.reviewRecharge, { id: String(recharge.body.data.id), decision: "approve" }, asPerson);
      expect(first.body.data).toMatchObject({ status: "review", secondApprovalNeeded: true });
      const events = await streams.finance.waitFor(before + 2);
      expect(said(events.slice(before))).toEqual(["queue_changed recharge submitted", "queue_changed recharge first_approval"]);
    } finally {
      await presetMoneyRules(h, { dualApprovalAbove: 0 });
    }
  });
});

describe("a console stream that comes back", () => {
  it("resumes after Last-Event-ID: what it missed of its topics, once and in order, then live ones", async () => {
    const user = await fundedUser(h, "opswatch2");
    // withdrawals at any hour of the test's clock
    await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00" });
    const stream = await openOps("finance", `ticket=${await opsTicket("finance")}`);
    const withdrawal = () =>
      api(
        h,
        "POST",
        "/api/user/cash",
        { amount: "200", cardId: String(user.cardId), payPassword: user.payPassword, requestId: rid() },
        { token: user.token },
      );
    const first = await withdrawal();
    expect(first.body.code, first.body.msg).toBe(1);
    const [seen] = await stream.waitFor(1);
    expect(said([seen!])).toEqual(["queue_changed withdrawal submitted"]);
    stream.close();
    // while away: a real-name request (not finance's), a withdrawal decided, an order
    await askRealName(user.token, "Back Lee", residentId("19900101", 9));
    const decided = await api(
      h,
      "POST",
      "/api/ops/withdrawal/review",
      { id: String(first.body.data.id), decision: "reject", reason: "test" },
      await staff(h, "finance"),
    );
    expect(decided.body.code, decided.body.msg).toBe(1);
    expect((await placeOrder(h, user.token, productId(h.feed, "BTCUSDT"))).body.code).toBe(1);

    const back = await openOps("finance", `ticket=${await opsTicket("finance")}`, { "last-event-id": String(seen!.id) });
    expect(said(await back.waitFor(2))).toEqual(["queue_changed withdrawal decided", "order_placed"]);
    expect((await withdrawal()).body.code).toBe(1);
    const all = await back.waitFor(3);
    expect(said(all)).toEqual(["queue_changed withdrawal decided", "order_placed", "queue_changed withdrawal submitted"]);
    const ids = all.map((event) => event.id);
    expect(ids[0]).toBeGreaterThan(seen!.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    back.close();
  });
});

/** A new operator of `role`, signed in on `on`: their session cookie and id. */
async function newOperator(on: OpsSite, username: string, role: OpsRole) {
  const session = await signedIn(on, await addOperator(on, username, role));
  const [row] = await on.db.select({ id: operators.id }).from(operators).where(eq(operators.username, username));
  return { cookie: session, id: row!.id };
}

/** A ticket for the session `sessionCookie`, then the stream it opens with that cookie (as the browser sends it). */
async function streamOf(app: Harness["app"], at: string, sessionCookie: string): Promise<OpenStream> {
  const answer = await send(app, "POST", "/api/ops/stream_ticket", {}, { headers: { cookie: sessionCookie } });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return openStream(at, `ticket=${answer.body.data.ticket as string}`, { cookie: sessionCookie }, "/api/ops/stream");
}

describe("a console stream is held by the session that opened it", () => {
  it("opens only with the session cookie of the ticket's operator, and not once that session has signed out", async () => {
    const bare = await openStream(base, `ticket=${await opsTicket("finance")}`, {}, "/api/ops/stream");
    expect(bare.status).toBe(403);
    bare.close();
    const asAnother = await openOps("support", `ticket=${await opsTicket("finance")}`);
    expect(asAnother.status).toBe(403);
    asAnother.close();
    const leaver = await newOperator(site, "leaver-1", "finance");
    const ticket = (await ticketAs({ cookie: leaver.cookie })).body.data.ticket as string;
    expect((await api(h, "POST", "/api/ops/logout", {}, { cookie: leaver.cookie })).body.code).toBe(1);
    const afterLogout = await openStream(base, `ticket=${ticket}`, { cookie: leaver.cookie }, "/api/ops/stream");
    expect(afterLogout.status).toBe(403);
    afterLogout.close();
  });

  it("ends when its operator signs out (told by the sign-out's event); another operator's stream goes on", async () => {
    const leaver = await newOperator(site, "leaver-2", "finance");
    const stream = await streamOf(h.app, base, leaver.cookie);
    expect(stream.status).toBe(200);
    const stays = await openOps("finance", `ticket=${await opsTicket("finance")}`);
    expect((await api(h, "POST", "/api/ops/logout", {}, { cookie: leaver.cookie })).body.code).toBe(1);
    await stream.ended();
    // the console's reconnect asks for a new ticket: refused, so it goes to sign in
    expect((await ticketAs({ cookie: leaver.cookie })).body.err).toBe("ops_forbidden");
    await fundedUser(h, "opswatch5");
    expect(said(await stays.waitFor(1))).toEqual(["queue_changed recharge submitted"]);
    stays.close();
  });

  it("ends when its operator's role changes in a transaction that tells the streams; a new ticket hears the new role", async () => {
    const moved = await newOperator(site, "reroled-1", "finance");
    const stream = await streamOf(h.app, base, moved.cookie);
    expect(stream.status).toBe(200);
    await h.database.db.transaction(async (tx) => {
      await tx.update(operators).set({ role: "support" }).where(eq(operators.id, moved.id));
      await tellStreamsOperatorChanged(tx, moved.id, h.clock.now);
    });
    await stream.ended();
    const again = await streamOf(h.app, base, moved.cookie);
    expect(again.status).toBe(200);
    const user = await fundedUser(h, "opswatch6");
    await askRealName(user.token, "Moved Lee", residentId("19870707", 3));
    // support's topic only: the recharge before it is not support's
    expect(said(await again.waitFor(1))).toEqual(["queue_changed verification submitted"]);
    again.close();
  });
});

describe("alerts on the console's stream", () => {
  it("tells each role of the alerts of its topics: a waiting recharge to finance, a waiting real-name request to support", async () => {
    await h.advance(1);
    const [demo] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.account, "demo"));
    const old = h.clock.now - QUEUE_ALERT_MINUTES * 60 - 1;
    const [recharge] = await h.database.db
      .insert(recharges)
      .values({ userId: demo!.id, channelId: 1, amount: 10_000, screenshot: "/uploads/alert.png", createdAt: old })
      .returning({ id: recharges.id });
    const [verification] = await h.database.db
      .insert(verifications)
      .values({ userId: demo!.id, name: "Alert Lee", idNumber: "alert-1", createdAt: old })
      .returning({ id: verifications.id });
    const finance = await openOps("finance", `ticket=${await opsTicket("finance")}`);
    const support = await openOps("support", `ticket=${await opsTicket("support")}`);
    expect(await raiseAlerts(h.database.db, h.feed, h.clock.now)).toBeGreaterThanOrEqual(2);
    const idOf = async (subject: string) =>
      (await h.database.db.select({ id: opsAlerts.id }).from(opsAlerts).where(eq(opsAlerts.subject, subject)))[0]!.id;
    const rechargeAlert = await idOf(`recharge:${recharge!.id}`);
    const verificationAlert = await idOf(`verification:${verification!.id}`);
    const heardBy = async (stream: OpenStream, id: number) => {
      for (let count = 1; ; count++) {
        const heard = await stream.waitFor(count);
        const last = heard.at(-1)!;
        if (last.kind === "alert_raised" && last.data.id === id) return heard;
      }
    };
    const financeHeard = await heardBy(finance, rechargeAlert);
    const supportHeard = await heardBy(support, verificationAlert);
    // each hears only its own topics: finance no real-name alert, support no money alert
    const alertsIn = (heard: ReceivedEvent[]) => heard.filter((event) => event.kind === "alert_raised");
    expect(alertsIn(financeHeard).every((event) => event.data.topic !== "verification")).toBe(true);
    expect(alertsIn(supportHeard).every((event) => event.data.topic === "verification")).toBe(true);
    expect(supportHeard.some((event) => event.data.id === rechargeAlert)).toBe(false);
    finance.close();
    support.close();
  });
});

describe("the Operators page's changes end the streams they concern", () => {
  it("ends the stream of an operator an admin disables, at once", async () => {
    const leaving = await newOperator(site, "disabled-1", "finance");
    const stream = await streamOf(h.app, base, leaving.cookie);
    expect(stream.status).toBe(200);
    const off = await api(h, opsPaths.setOperatorEnabled, { username: "disabled-1", enabled: "0" }, { cookie: cookie.admin });
    expect(off.body.code, off.body.msg).toBe(1);
    // the heartbeat is an hour away here: only the disabling's own event can end it
    await stream.ended();
  });

  it("ends the stream of an operator an admin re-roles, and the other actions that end sessions", async () => {
    const moved = await newOperator(site, "reroled-3", "finance");
    const reset = await newOperator(site, "reset-1", "finance");
    const totp = await newOperator(site, "retotp-1", "finance");
    const ended = await newOperator(site, "ended-2", "finance");
    const streams = await Promise.all([moved, reset, totp, ended].map((operator) => streamOf(h.app, base, operator.cookie)));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    const admin = { cookie: cookie.admin };
    expect((await api(h, opsPaths.setOperatorRole, { username: "reroled-3", role: "support" }, admin)).body.code).toBe(1);
    expect((await api(h, opsPaths.resetOpsPassword, { username: "reset-1" }, admin)).body.code).toBe(1);
    expect((await api(h, opsPaths.resetOperatorTotp, { username: "retotp-1" }, admin)).body.code).toBe(1);
    expect((await api(h, opsPaths.endOperatorSessions, { username: "ended-2" }, admin)).body.code).toBe(1);
    for (const stream of streams) await stream.ended();
  });
});

describe("a console stream's heartbeat checks its session", () => {
  let beat: OpsSite;
  let beatBase: string;
  let beatHarness: Harness;
  beforeAll(async () => {
    beatHarness = await startHarness({ streamHeartbeatMs: 100 });
    beat = {
      kind: "pglite",
      apps: [beatHarness.app],
      db: beatHarness.database.db,
      clock: beatHarness.clock,
      close: () => beatHarness.close(),
    };
    await beatHarness.app.listen({ port: 0, host: "127.0.0.1" });
    beatBase = `http://127.0.0.1:${(beatHarness.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => beat?.close());

  it("ends a stream whose session was ended or whose role changed without an event, then one left idle", async () => {
    const ended = await newOperator(beat, "ended-1", "finance");
    const moved = await newOperator(beat, "reroled-2", "finance");
    const stays = await newOperator(beat, "stays-1", "finance");
    const [endedStream, movedStream, staysStream] = await Promise.all(
      [ended, moved, stays].map((operator) => streamOf(beatHarness.app, beatBase, operator.cookie)),
    );
    expect([endedStream!.status, movedStream!.status, staysStream!.status]).toEqual([200, 200, 200]);
    // as an expired session, or one another process ended without telling: only the row is gone
    await beat.db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(ended.cookie.split("=")[1]!)));
    await beat.db.update(operators).set({ role: "content" }).where(eq(operators.id, moved.id));
    await endedStream!.ended();
    await movedStream!.ended();
    await fundedUser(beatHarness, "beatwatch1");
    expect(said(await staysStream!.waitFor(1))).toEqual(["queue_changed recharge submitted"]);
    // a console left open is no operator at work: its session idles out, and the stream with it
    beatHarness.clock.now += 31 * 60;
    await staysStream!.ended();
  });

  it("ends the stream of an operator disabled while a session row survived (the switch deletes them; one may be written meanwhile)", async () => {
    const disabled = await newOperator(beat, "disabled-1", "finance");
    const stays = await newOperator(beat, "stays-2", "finance");
    const [disabledStream, staysStream] = await Promise.all(
      [disabled, stays].map((operator) => streamOf(beatHarness.app, beatBase, operator.cookie)),
    );
    expect([disabledStream!.status, staysStream!.status]).toEqual([200, 200]);
    // only the operator row changes: the session stays, no event is written
    await beat.db.update(operators).set({ disabledAt: beatHarness.clock.now }).where(eq(operators.id, disabled.id));
    await disabledStream!.ended();
    await fundedUser(beatHarness, "beatwatch2");
    expect(said(await staysStream!.waitFor(1))).toEqual(["queue_changed recharge submitted"]);
    staysStream!.close();
  });
});
