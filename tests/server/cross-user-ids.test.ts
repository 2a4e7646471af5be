import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, OPS_TOKEN, placeOrder, productId, rid, startHarness } from "./harness";
import { fieldsOf, userEndpoints } from "./security/every-endpoint";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { expectCatalogRefusal, readReply } from "./security/refusal";
import { stateFingerprint } from "./security/state-fingerprint";
import { presetMoneyRules } from "./staff";

/**
 * Another user's objects are never readable or changeable: Bob sends Alice's order, subscription, message,
 * card and upload ids to every endpoint that takes one. The endpoints are found from the contract (a field
 * naming a per-user object), so a new one that takes an id fails the table check until it is listed here.
 */
let h: Harness;
let alice: FundedUser;
let bob: FundedUser;
const mine = { orderId: 0, subscriptionId: 0, messageId: 0, requestId: "alice-order-0001" };

/** Fields naming a platform catalogue entry, the same for everyone: not owned by a user. */
const SHARED_FIELDS = new Set(["pid", "pids", "planId", "channelId"]);
const ownedIdField = (field: string) => !SHARED_FIELDS.has(field) && (field === "id" || /Id$/.test(field) || field === "screenshot");

beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00" });
  alice = await fundedUser(h, "alicexu01");
  bob = await fundedUser(h, "bobyang01");
  await h.advance(1);
  const order = await placeOrder(h, alice.token, productId(h.feed, "BTCUSDT"), { seconds: "60", requestId: mine.requestId });
  mine.orderId = order.body.data.id;
  const plan = (await api(h, "GET", "/api/user/yeb", {}, { token: alice.token })).body.data[0];
  const joined = await api(
    h,
    "POST",
    "/api/user/yebjoinnow",
    { requestId: rid(), planId: String(plan.id), amount: "500", payPassword: alice.payPassword },
    { token: alice.token },
  );
  mine.subscriptionId = joined.body.data.id;
  await api(
    h,
    "POST",
    "/api/ops/message",
    { account: alice.account, title: "for-alice-only", body: "private" },
    { "ops-token": OPS_TOKEN },
  );
  const inbox = await api(h, "GET", "/api/user/msg", {}, { token: alice.token });
  mine.messageId = inbox.body.data.items.find((m: { title: string }) => m.title === "for-alice-only").id;
  await api(
    h,
    "POST",
    "/api/user/cash",
    { requestId: rid(), amount: "200", cardId: String(alice.cardId), payPassword: alice.payPassword },
    { token: alice.token },
  );
  if (!mine.orderId || !mine.subscriptionId || !mine.messageId) throw new Error("fixture incomplete");
}, 60_000);
afterAll(() => h.close());

/** Bob's request carrying Alice's object, with Bob's own valid values everywhere else. */
const crossUserCalls: Record<string, { fields: () => Record<string, string>; refusedWith: string[] }> = {
  order: { fields: () => ({ id: String(mine.orderId) }), refusedWith: ["order_not_found"] },
  fairOrder: { fields: () => ({ id: String(mine.orderId) }), refusedWith: ["order_not_found"] },
  appendSubscription: {
    fields: () => ({ id: String(mine.subscriptionId), amount: "100", payPassword: bob.payPassword, requestId: rid() }),
    refusedWith: ["subscription_not_found"],
  },
  keepSubscription: { fields: () => ({ id: String(mine.subscriptionId), requestId: rid() }), refusedWith: ["subscription_not_found"] },
  stopSubscription: {
    fields: () => ({ id: String(mine.subscriptionId), payPassword: bob.payPassword, requestId: rid() }),
    refusedWith: ["subscription_not_found"],
  },
  readMessage: { fields: () => ({ id: String(mine.messageId) }), refusedWith: ["message_not_found"] },
  withdraw: {
    fields: () => ({ amount: "200", cardId: String(alice.cardId), payPassword: bob.payPassword, requestId: rid() }),
    refusedWith: ["card_not_found"],
  },
  deleteCard: {
    fields: () => ({ id: String(alice.cardId), payPassword: bob.payPassword, requestId: rid() }),
    refusedWith: ["card_not_found"],
  },
  recharge: {
    fields: () => ({ channelId: "1", amount: "200", screenshot: alice.uploadUrl, requestId: rid() }),
    refusedWith: ["invalid_input"],
  },
};

describe("another user's ids", () => {
  it("the table lists exactly the user endpoints whose request names a per-user object", () => {
    const takingIds = userEndpoints
      .filter((spec) => spec.auth === "user" && fieldsOf(spec.request).some((field) => ownedIdField(field) && field !== "requestId"))
      .map((spec) => spec.key);
    expect(takingIds.sort()).toEqual(Object.keys(crossUserCalls).sort());
  });

  for (const [key, call] of Object.entries(crossUserCalls)) {
    it(`${key}: Bob cannot read or change Alice's object, and nothing changes`, async () => {
      const spec = userEndpoints.find((s) => s.key === key)!;
      const before = await stateFingerprint(h);
      const answer = await api(h, spec.method, spec.path, call.fields(), { token: bob.token, language: "jp" });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
      expect(call.refusedWith).toContain(expectCatalogRefusal({ status: answer.status, body: answer.body }, "jp", `${key} as Bob`));
      expect(JSON.stringify(answer.body)).not.toContain(alice.account);
      expect(await stateFingerprint(h)).toEqual(before);
    });
  }

  it("Alice's own calls with the same ids work, so the refusals above are about ownership", async () => {
    expect((await api(h, "GET", "/api/user/get_this_order", { id: String(mine.orderId) }, { token: alice.token })).body.code).toBe(1);
    expect((await api(h, "POST", "/api/user/msg", { id: String(mine.messageId) }, { token: alice.token })).body.code).toBe(1);
    expect(
      (await api(h, "POST", "/api/user/yebkeep", { requestId: rid(), id: String(mine.subscriptionId) }, { token: alice.token })).body.code,
    ).toBe(1);
  });

  it("Alice's card is still hers after Bob's attempt to remove it", async () => {
    const cards = (await api(h, "GET", "/api/user/bank_card", {}, { token: alice.token })).body.data as Array<{ id: number }>;
    expect(cards.map((card) => card.id)).toContain(alice.cardId);
  });

  it("an idempotency key is per user: Bob reusing Alice's requestId gets his own order, never hers", async () => {
    await h.advance(1);
    const answer = await placeOrder(h, bob.token, productId(h.feed, "BTCUSDT"), {
      direction: "down",
      seconds: "60",
      requestId: mine.requestId,
    });
    expect(answer.body.code).toBe(1);
    expect(answer.body.data.id).not.toBe(mine.orderId);
    expect(answer.body.data.direction).toBe("down");
    const hers = await api(h, "GET", "/api/user/get_this_order", { id: String(mine.orderId) }, { token: alice.token });
    expect(hers.body.data.direction).toBe("up");
  });

  it("no list or read endpoint shows Bob anything of Alice's", async () => {
    for (const spec of userEndpoints.filter((s) => s.auth !== "none" && s.method === "GET")) {
      const answer = await api(h, "GET", spec.path, { pid: "1" }, { token: bob.token });
      const text = JSON.stringify(answer.body);
      expect(text, spec.path).not.toContain(alice.account);
      expect(text, spec.path).not.toContain("for-alice-only");
      expect(text, spec.path).not.toContain(alice.uploadUrl);
    }
  });

  it("Alice's uploaded file is served to her and the operator, not found for Bob, login required without a session", async () => {
    const get = (headers: Record<string, string>) => h.app.inject({ method: "GET", url: alice.uploadUrl, headers });
    expect((await get({ token: alice.token })).statusCode).toBe(200);
    expect((await get({ "ops-token": OPS_TOKEN })).statusCode).toBe(200);
    const asBob = readReply(await get({ token: bob.token, language: "jp" }));
    expect(expectCatalogRefusal(asBob, "jp", "file as Bob")).toBe("not_found");
    expect(expectCatalogRefusal(readReply(await get({})), "en", "file without a session")).toBe("login_required");
    expect(expectCatalogRefusal(readReply(await get({ "ops-token": alice.token })), "en", "user token as ops")).toBe("login_required");
  });
});
