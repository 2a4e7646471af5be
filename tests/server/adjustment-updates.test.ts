import type { AddressInfo } from "node:net";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adjustmentNotices, unitWords } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { LANGUAGE_CODES, type LanguageCode } from "#contract/languages";
import { amountText } from "#contract/localized-values";
import { opsEndpoints } from "#contract/ops";
import { translate } from "#server/http/i18n";

import { api, type Harness, registerUser, startHarness } from "./harness";
import { staff } from "./staff";
import { type OpenStream, openStream, type ReceivedEvent } from "./stream-client";

/**
 * Adjustments are live: the console's stream tells finance (and admin) of every proposal, application and
 * rejection; an applied adjustment writes the customer a message in the language they read, and their own stream
 * tells their open wallet and inbox to read again. A rejected one tells the customer nothing.
 */
let h: Harness;
let base: string;
let accounts = 0;

beforeAll(async () => {
  // no heartbeat within a test: a stream here ends only when the test closes it
  h = await startHarness({ streamHeartbeatMs: 3_600_000 });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => h?.close());

const proposer = () => staff(h, "finance", "live-adjust-a");
const applier = () => staff(h, "admin", "live-adjust-b");

async function customer(language: LanguageCode = "en") {
  const account = `liveadj${accounts++}`;
  const { token } = await registerUser(h, account, "login123", "fund1234");
  expect((await api(h, endpoints.setLanguage, { lang: language }, { token: token! })).body.code).toBe(1);
  return { account, token: token! };
}

async function propose(account: string, direction: "credit" | "debit", amount: string, reason: string): Promise<number> {
  const answer = await api(h, opsEndpoints.proposeAdjustment, { account, direction, amount, reason }, await proposer());
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data.id;
}

async function decide(id: number, decision: "apply" | "reject") {
  const answer = await api(h, opsEndpoints.decideAdjustment, { id: String(id), decision, note: "" }, await applier());
  expect(answer.body.code, answer.body.msg).toBe(1);
}

async function opsStream(role: "finance" | "support" | "admin"): Promise<OpenStream> {
  const as = await staff(h, role, `live-watch-${role}`);
  const ticket = await api(h, "POST", "/api/ops/stream_ticket", {}, as);
  expect(ticket.body.code, ticket.body.msg).toBe(1);
  const stream = await openStream(base, `ticket=${ticket.body.data.ticket as string}`, as, "/api/ops/stream");
  expect(stream.status).toBe(200);
  return stream;
}

async function customerStream(token: string): Promise<OpenStream> {
  const ticket = await api(h, "POST", "/api/user/stream_ticket", {}, { token });
  expect(ticket.body.code, ticket.body.msg).toBe(1);
  const stream = await openStream(base, `ticket=${ticket.body.data.ticket as string}`);
  expect(stream.status).toBe(200);
  return stream;
}

const adjustmentEvents = (events: ReceivedEvent[]) =>
  events.filter((event) => event.kind === "adjustment_changed").map((event) => `${String(event.data.id)} ${String(event.data.change)}`);

describe("the console's stream", () => {
  it("tells finance and admin of each proposal, application and rejection, and support of none", async () => {
    const streams = { finance: await opsStream("finance"), support: await opsStream("support"), admin: await opsStream("admin") };
    try {
      const who = await customer();
      const applied = await propose(who.account, "credit", "5", "goodwill");
      const rejected = await propose(who.account, "credit", "6", "maybe");
      await decide(applied, "apply");
      await decide(rejected, "reject");
      const expected = [`${applied} proposed`, `${rejected} proposed`, `${applied} applied`, `${rejected} rejected`];
      await h.app.eventHub.caughtUp();
      for (const stream of [streams.finance, streams.admin]) {
        await stream.waitFor(expected.length);
        expect(adjustmentEvents(stream.events)).toEqual(expected);
      }
      expect(adjustmentEvents(streams.support.events)).toEqual([]);
    } finally {
      Object.values(streams).forEach((stream) => stream.close());
    }
  });
});

describe("the dashboard", () => {
  it("counts the adjustments waiting for a second person, with the oldest one's age", async () => {
    const pending = async () => (await api(h, opsEndpoints.dashboard, {}, await applier())).body.data.pending.adjustments;
    const before = await pending();
    const who = await customer();
    const first = await propose(who.account, "credit", "1", "first");
    await h.advance(90);
    await propose(who.account, "credit", "2", "second");
    const waiting = await pending();
    expect(waiting.count).toBe(before.count + 2);
    expect(waiting.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    await decide(first, "apply");
    expect((await pending()).count).toBe(before.count + 1);
  });
});

describe("the customer of an applied adjustment", () => {
  const inbox = async (token: string) => (await api(h, endpoints.messages, {}, { token })).body.data.items;

  it("gets a message in the language they read, in each of the ten, naming the amount and the reason", async () => {
    for (const language of LANGUAGE_CODES) {
      const who = await customer(language);
      await decide(await propose(who.account, "credit", "12.50", `goodwill ${language}`), "apply");
      const [message] = await inbox(who.token);
      expect(message!.title, language).toBe(translate(language, adjustmentNotices.credit.title));
      // the amount in the reader's language, with its unit: "12,50 U" in de
      const amount = amountText("12.50", language, translate(language, unitWords.coin));
      expect(message!.body).toBe(translate(language, adjustmentNotices.credit.body, { amount, reason: `goodwill ${language}` }));
      if (language !== "en") expect(message!.title).not.toBe(translate("en", adjustmentNotices.credit.title));
      // the four languages of the decimal comma write it so; the others keep the dot
      expect(message!.body).toContain(["de", "es", "fr", "vi"].includes(language) ? "12,50\u00a0U" : "12.50\u00a0U");
      expect(message!.body).toContain(`goodwill ${language}`);
    }
  });

  it("is told of a debit as a debit", async () => {
    const who = await customer("de");
    await decide(await propose(who.account, "credit", "50", "start"), "apply");
    await decide(await propose(who.account, "debit", "20", "paid twice"), "apply");
    const [message] = await inbox(who.token);
    expect(message!.title).toBe(translate("de", adjustmentNotices.debit.title));
    expect(message!.body).toContain("20,00\u00a0U");
    expect((await api(h, endpoints.wallet, {}, { token: who.token })).body.data.cash).toBe("30.00");
  });

  it("hears the balance change and the message on their stream, once it has committed; a rejection says nothing", async () => {
    const who = await customer("fr");
    const stream = await customerStream(who.token);
    try {
      const rejected = await propose(who.account, "credit", "3", "no");
      await decide(rejected, "reject");
      const applied = await propose(who.account, "credit", "7", "yes");
      await decide(applied, "apply");
      const events = await stream.waitFor(2);
      expect(events.map((event) => event.kind)).toEqual(["balance_changed", "message"]);
      expect(events[0]!.data).toEqual({ reason: "adjustment" });
      const [message] = await inbox(who.token);
      expect(events[1]!.data).toEqual({ id: message!.id });
      await h.app.eventHub.caughtUp();
      expect(stream.events).toHaveLength(2);
      expect(await inbox(who.token)).toHaveLength(1);
      expect((await api(h, endpoints.wallet, {}, { token: who.token })).body.data.cash).toBe("7.00");
    } finally {
      stream.close();
    }
  });

  it("is told nothing when the application is refused (a debit the cash cannot cover): no message, no event", async () => {
    const who = await customer("jp");
    const id = await propose(who.account, "debit", "1", "nothing there");
    const refused = await api(h, opsEndpoints.decideAdjustment, { id: String(id), decision: "apply", note: "" }, await applier());
    expect(refused.body.err).toBe("balance_insufficient");
    expect(await inbox(who.token)).toEqual([]);
    const events = (await h.database.db.execute(
      sql`select kind from events where user_id = (select id from users where account = ${who.account})`,
    )) as unknown as { rows: unknown[] };
    expect(events.rows).toEqual([]);
  });
});
