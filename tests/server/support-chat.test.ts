import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsStreamPaths } from "#contract/ops-stream";
import { SUPPORT_TEXT_MAX } from "#contract/support-chat";
import { supportDeskEndpoints as desk } from "#contract/support-desk-endpoints";
import { removeStaleUploads } from "#server/jobs/uploads";

import { api, type Harness, OPS_TOKEN, rid, startHarness } from "./harness";
import { uploadFile } from "./images";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { staff } from "./staff";
import { openStream } from "./stream-client";

/**
 * The support chat: a customer reads and writes their own thread only, an operator's internal note never
 * reaches the customer (neither in a read nor on their stream), lines go out on both streams through the outbox,
 * a line's picture is one the customer uploaded through the upload path, a linked record is the customer's own,
 * and the inbox's views and unread counts follow the lines.
 */
let h: Harness;
let base: string;
let alice: FundedUser;
let bob: FundedUser;
let aliceId: number;
let bobId: number;

const userIdOf = async (u: FundedUser) => (await api(h, "GET", "/api/user/index", {}, { token: u.token })).body.data.id as number;
const send = (u: FundedUser, fields: Record<string, string>) =>
  api(h, endpoints.supportSend, { requestId: rid("chat"), ...fields }, { token: u.token });
const thread = (u: FundedUser, after = 0) => api(h, endpoints.supportThread, { after: String(after) }, { token: u.token });
const asSupport = async (name = "desk-support") => ({ cookie: (await staff(h, "support", name)).cookie });

/** A file's status for a reader (the body is the picture, not an envelope). */
const fileStatus = async (url: string, u: FundedUser) =>
  (await h.app.inject({ method: "GET", url, headers: { token: u.token } })).statusCode;

async function rows<T>(query: string): Promise<T[]> {
  return ((await h.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  alice = await fundedUser(h, "chatalice1");
  bob = await fundedUser(h, "chatbob01");
  aliceId = await userIdOf(alice);
  bobId = await userIdOf(bob);
}, 60_000);
afterAll(() => h.close());

describe("the customer's thread", () => {
  it("holds the customer's own lines only: another customer's thread, lines and pictures are out of reach", async () => {
    const picture = (await uploadFile(h, alice.token)).body.data.url as string;
    const line = await send(alice, { text: "My recharge has not arrived", image: picture });
    expect(line.body.code, JSON.stringify(line.body)).toBe(1);
    expect(line.body.data).toMatchObject({ author: "customer", text: "My recharge has not arrived", image: picture, operatorName: null });

    const own = await thread(alice);
    expect(own.body.data.lines.map((l) => l.id)).toContain(line.body.data.id);
    // bob's thread is his own, whatever he asks for: none of alice's lines, and her picture does not exist for him
    const his = await thread(bob);
    expect(his.body.data.lines).toEqual([]);
    expect(await fileStatus(picture, alice)).toBe(200);
    expect(await fileStatus(picture, bob)).toBe(404);
    // nor can he send her picture as his own
    const borrowed = await send(bob, { text: "look", image: picture });
    expect(borrowed.body).toMatchObject({ code: 0, err: "invalid_input" });
    expect((await thread(bob)).body.data.lines).toEqual([]);
  });

  it("refuses an empty line, a text over the limit, and a picture that was not uploaded", async () => {
    expect((await send(alice, {})).body).toMatchObject({ code: 0, err: "field_required" });
    expect((await send(alice, { text: "   " })).body).toMatchObject({ code: 0, err: "field_required" });
    expect((await send(alice, { text: "x".repeat(SUPPORT_TEXT_MAX + 1) })).body).toMatchObject({ code: 0, err: "field_too_long" });
    expect((await send(alice, { text: "x".repeat(SUPPORT_TEXT_MAX) })).body.code).toBe(1);
    expect((await send(alice, { image: `/api/files/${"a".repeat(32)}.png` })).body).toMatchObject({ code: 0, err: "invalid_input" });
    expect((await send(alice, { image: "https://elsewhere.example/x.png" })).body).toMatchObject({ code: 0, err: "invalid_input" });
  });

  it("keeps a picture sent in the chat when the clean-up removes uploads nobody uses", async () => {
    const kept = (await uploadFile(h, alice.token)).body.data.url as string;
    const unused = (await uploadFile(h, alice.token)).body.data.url as string;
    expect((await send(alice, { image: kept })).body.code).toBe(1);
    h.clock.now += 2 * 86400;
    await removeStaleUploads(h.database.db, h.uploadsDir, h.clock.now);
    expect(await fileStatus(kept, alice)).toBe(200);
    expect(await fileStatus(unused, alice)).toBe(404);
  });
});

describe("support's side", () => {
  it("a reply reaches the customer and counts unread until read; a note never reaches the customer", async () => {
    const support = await asSupport();
    const asked = await send(bob, { text: "Where is my withdrawal?" });
    const reply = await api(h, desk.supportReply, { userId: String(bobId), text: "Let me check that for you" }, support);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data).toMatchObject({ author: "operator", operatorName: "desk-support", internal: false });
    const note = await api(h, desk.supportNote, { userId: String(bobId), text: "INTERNAL: asked twice already" }, support);
    expect(note.body.data).toMatchObject({ internal: true });

    const seen = await thread(bob, asked.body.data.id);
    expect(seen.body.data.lines.map((l) => l.text)).toEqual(["Let me check that for you"]);
    expect(JSON.stringify((await thread(bob)).body)).not.toContain("INTERNAL");
    expect(seen.body.data.unread).toBe(1);
    // the Mine tab's badge reads it from the user's info
    expect((await api(h, endpoints.userInfo, {}, { token: bob.token })).body.data.supportUnread).toBe(1);
    // the operator sees the note, marked
    const forOps = await api(h, desk.supportThreadForOps, { userId: String(bobId) }, support);
    expect(forOps.body.data.lines.filter((l) => l.internal).map((l) => l.text)).toEqual(["INTERNAL: asked twice already"]);
    // nor does any event of the customer's carry it
    const carried = await rows<{ payload: unknown }>(`select payload from events where audience = 'user' and user_id = ${bobId}`);
    expect(JSON.stringify(carried)).not.toContain("INTERNAL");

    const read = await api(h, endpoints.supportRead, { upTo: String(reply.body.data.id) }, { token: bob.token });
    expect(read.body.data).toEqual({ unread: 0 });
    expect((await thread(bob)).body.data.unread).toBe(0);
    expect((await api(h, endpoints.userInfo, {}, { token: bob.token })).body.data.supportUnread).toBe(0);
    // a mark is never moved back
    expect((await api(h, endpoints.supportRead, { upTo: "0" }, { token: bob.token })).body.data).toEqual({ unread: 0 });
  });

  it("sends lines on both streams: the customer hears replies (support.reply) but never a note; the console hears every change", async () => {
    const support = await asSupport();
    const customerTicket = (await api(h, "POST", "/api/user/stream_ticket", {}, { token: bob.token })).body.data.ticket as string;
    const customer = await openStream(base, `ticket=${customerTicket}`);
    const opsTicket = (await api(h, opsStreamPaths.opsStreamTicket, {}, support)).body.data.ticket;
    const consoleStream = await openStream(base, `ticket=${opsTicket}`, { cookie: support.cookie }, "/api/ops/stream");
    const mine = await send(bob, { text: "Hello again" });
    await api(h, desk.supportNote, { userId: String(bobId), text: "secret note" }, support);
    const reply = await api(h, desk.supportReply, { userId: String(bobId), text: "Hello, Bob" }, support);
    await h.app.eventHub.caughtUp();
    const heard = await customer.waitFor(2);
    expect(heard.map((e) => e.kind)).toEqual(["support_line", "support.reply"]);
    expect(heard[0]!.data).toEqual({ lineId: mine.body.data.id });
    expect(heard[1]!.data).toEqual({ lineId: reply.body.data.id, operatorName: "desk-support", text: "Hello, Bob" });
    const changes = await consoleStream.waitFor(3);
    expect(changes.map((e) => [e.kind, e.data])).toEqual([
      ["support_changed", { userId: bobId, change: "customer_line" }],
      ["support_changed", { userId: bobId, change: "note" }],
      ["support_changed", { userId: bobId, change: "reply" }],
    ]);
    expect(customer.text()).not.toContain("secret note");
    customer.close();
    consoleStream.close();
  });

  it("links only the customer's own records, and the machine token writes no line", async () => {
    const support = await asSupport();
    const [rechargeOfAlice] = await rows<{ id: number }>(`select id from recharges where user_id = ${aliceId} order by id limit 1`);
    const [rechargeOfBob] = await rows<{ id: number }>(`select id from recharges where user_id = ${bobId} order by id limit 1`);
    expect(rechargeOfAlice && rechargeOfBob).toBeTruthy();
    const attached = await api(
      h,
      desk.supportReply,
      { userId: String(aliceId), recordKind: "recharge", recordId: String(rechargeOfAlice!.id) },
      support,
    );
    expect(attached.body.data.record).toEqual({ kind: "recharge", id: rechargeOfAlice!.id });
    expect((await thread(alice, attached.body.data.id - 1)).body.data.lines[0]!.record).toEqual({
      kind: "recharge",
      id: rechargeOfAlice!.id,
    });
    const foreign = await api(
      h,
      desk.supportReply,
      { userId: String(aliceId), recordKind: "recharge", recordId: String(rechargeOfBob!.id) },
      support,
    );
    expect(foreign.body).toMatchObject({ code: 0, err: "invalid_input" });
    const half = await api(h, desk.supportReply, { userId: String(aliceId), recordKind: "order" }, support);
    expect(half.body).toMatchObject({ code: 0, err: "field_required" });
    const byToken = await api(h, desk.supportReply, { userId: String(aliceId), text: "hi" }, { "ops-token": OPS_TOKEN });
    expect(byToken.body.code).toBe(0);
  });

  it("the inbox shows unassigned, mine and all threads; assignment and the waiting status follow", async () => {
    const support = await asSupport();
    const other = await asSupport("desk-other");
    const carol = await fundedUser(h, "chatcarol1");
    const carolId = await userIdOf(carol);
    await send(carol, { text: "first" });
    await send(carol, { text: "second" });
    const view = async (who: { cookie: string }, fields: Record<string, string>) =>
      (await api(h, desk.supportThreads, fields, who)).body.data.items.map((row) => row.userId);
    expect(await view(support, { view: "unassigned" })).toContain(carolId);
    const [row] = (await api(h, desk.supportThreads, { view: "all", q: `user:${carolId}` }, support)).body.data.items;
    expect(row).toMatchObject({
      userId: carolId,
      status: "waiting",
      unread: 2,
      lastText: "second",
      lastAuthor: "customer",
      assigneeId: null,
    });

    const [me] = await rows<{ id: number }>(`select id from operators where username = 'desk-support'`);
    const assigned = await api(h, desk.supportAssign, { userId: String(carolId), operatorId: String(me!.id) }, other);
    expect(assigned.body.data).toMatchObject({ assigneeId: me!.id, assigneeName: "desk-support" });
    expect(await view(support, { view: "unassigned" })).not.toContain(carolId);
    expect(await view(support, { view: "mine" })).toContain(carolId);
    expect(await view(other, { view: "mine" })).not.toContain(carolId);
    // a finance operator answers no customer
    const [finance] = await rows<{ id: number }>(
      `insert into operators (username, password_hash, role, totp_secret, created_at) values ('desk-finance', 'x', 'finance', 'x', 0) returning id`,
    );
    const refused = await api(h, desk.supportAssign, { userId: String(carolId), operatorId: String(finance!.id) }, other);
    expect(refused.body).toMatchObject({ code: 0, err: "invalid_input" });

    await api(h, desk.supportReply, { userId: String(carolId), text: "answered" }, support);
    expect(await view(support, { view: "all", status: "waiting" })).not.toContain(carolId);
    expect(await view(support, { view: "all", status: "answered" })).toContain(carolId);
    const [after] = (await api(h, desk.supportThreads, { view: "all", q: `user:${carolId}` }, support)).body.data.items;
    expect(after).toMatchObject({ unread: 0, lastAuthor: "operator" });
    // released: nobody's again
    await api(h, desk.supportAssign, { userId: String(carolId) }, support);
    expect(await view(support, { view: "unassigned" })).toContain(carolId);
  });

  it("lists as colleagues the support and admin operators who are not disabled, and gives a thread only to one of them", async () => {
    const support = await asSupport("desk-colleague-a");
    await asSupport("desk-colleague-b");
    await asSupport("desk-colleague-gone");
    await rows(`update operators set disabled_at = 1 where username = 'desk-colleague-gone'`);
    await rows(
      `insert into operators (username, password_hash, role, totp_secret, created_at) values ('desk-colleague-finance', 'x', 'finance', 'x', 0)`,
    );
    const colleagues = (await api(h, desk.supportColleagues, {}, support)).body.data;
    const names = colleagues.map((colleague) => colleague.username);
    expect(names).toEqual(expect.arrayContaining(["desk-colleague-a", "desk-colleague-b"]));
    expect(names).not.toContain("desk-colleague-gone");
    expect(names).not.toContain("desk-colleague-finance");
    expect(names).toEqual([...names].sort());
    expect(colleagues.every((colleague) => colleague.role === "support" || colleague.role === "admin")).toBe(true);

    const dave = await fundedUser(h, "chatdave1");
    const daveId = await userIdOf(dave);
    await send(dave, { text: "anyone?" });
    const b = colleagues.find((colleague) => colleague.username === "desk-colleague-b")!;
    const given = await api(h, desk.supportAssign, { userId: String(daveId), operatorId: String(b.id) }, support);
    expect(given.body.data).toMatchObject({ assigneeId: b.id, assigneeName: "desk-colleague-b" });
    const [gone] = await rows<{ id: number }>(`select id from operators where username = 'desk-colleague-gone'`);
    const refused = await api(h, desk.supportAssign, { userId: String(daveId), operatorId: String(gone!.id) }, support);
    expect(refused.body).toMatchObject({ code: 0, err: "invalid_input" });
  });

  it("offers canned replies in the customer's language, seeded in the ten languages, edited by admin only", async () => {
    const support = await asSupport();
    const languages = new Set((await api(h, desk.supportCanned, {}, support)).body.data.map((c) => c.language));
    expect([...languages].sort()).toEqual(["de", "en", "es", "fr", "hk", "jp", "kor", "th", "vi", "zh"]);
    await h.database.db.execute(`update users set language = 'de' where id = ${aliceId}` as never);
    const forAlice = await api(h, desk.supportThreadForOps, { userId: String(aliceId) }, support);
    expect(forAlice.body.data.canned.length).toBeGreaterThan(0);
    expect(forAlice.body.data.canned.every((c) => c.language === "de")).toBe(true);

    const fields = { language: "de", title: "Neu", text: "Eine neue Antwort" };
    expect((await api(h, desk.setSupportCanned, fields, support)).status).toBe(403);
    const added = await api(h, desk.setSupportCanned, fields, await staff(h, "admin"));
    expect(added.body.data.map((c) => c.title)).toContain("Neu");
    const id = added.body.data.find((c) => c.title === "Neu")!.id;
    const removed = await api(h, desk.setSupportCanned, { ...fields, id: String(id), remove: "1" }, await staff(h, "admin"));
    expect(removed.body.data.map((c) => c.title)).not.toContain("Neu");
  });
});
