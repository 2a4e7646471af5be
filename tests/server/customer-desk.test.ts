import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { opsAudit, orders, users } from "#server/db/schema";

import { api, type Harness, loginDemo, OPS_TOKEN, placeOrder, productId, registerUser, rid, startHarness } from "./harness";
import { residentId } from "./resident-ids";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * The money desk's customer tools: freezing (every money path the customer starts refuses, what they receive
 * still arrives), risk labels, append-only notes, support's password reset and the forced change after it, the
 * ID number masked for the roles that do not check it, and an audit row for every action.
 */
let h: Harness;
let customer: FundedUser;
let btc: number;
const token = { "ops-token": OPS_TOKEN };

beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  customer = await fundedUser(h, "deskcust01", "5000");
  btc = productId(h.feed, "BTCUSDT");
}, 120_000);
afterAll(() => h?.close());

const freeze = async (account: string, frozen: boolean, role: "finance" | "admin" = "finance") =>
  api(h, opsEndpoints.setCustomerFrozen, { account, frozen: frozen ? "1" : "0" }, await staff(h, role));

const userRow = async (account: string) => (await h.database.db.select().from(users).where(eq(users.account, account)))[0]!;

const auditOf = async (action: string) =>
  (await h.database.db.select().from(opsAudit).where(eq(opsAudit.action, action))).map((row) => ({
    actor: row.actor,
    target: row.target,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    input: JSON.parse(row.input) as Record<string, unknown>,
  }));

async function joinSevenDayPlan(userToken: string, amount = "1000") {
  const plans = (await api(h, endpoints.plans, {}, { token: userToken })).body.data as Array<{ id: number; days: number }>;
  const seven = plans.find((plan) => plan.days === 7)!;
  return api(
    h,
    endpoints.joinPlan,
    { requestId: rid(), planId: String(seven.id), amount, payPassword: customer.payPassword },
    { token: userToken },
  );
}

describe("freezing a customer", () => {
  it("refuses their orders, plans, exchanges and withdrawals with account_frozen, and lets them log in, read and be settled", async () => {
    await h.advance(1);
    const before = await placeOrder(h, customer.token, btc);
    expect(before.body.code, before.body.msg).toBe(1);

    const frozen = await freeze(customer.account, true);
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    expect(frozen.body.data).toMatchObject({ account: customer.account, frozen: true, frozenAt: h.clock.now });
    const cashBefore = (await userRow(customer.account)).cash;

    await h.advance(1);
    const order = await placeOrder(h, customer.token, btc);
    expect(order.body).toMatchObject({ code: 0, err: "account_frozen" });
    expect(order.status).toBe(403);
    const exchange = await api(
      h,
      endpoints.exchange,
      { from: "cash", amount: "10", payPassword: customer.payPassword, requestId: rid() },
      { token: customer.token },
    );
    expect(exchange.body.err).toBe("account_frozen");
    expect((await joinSevenDayPlan(customer.token)).body.err).toBe("account_frozen");
    const withdrawal = await api(
      h,
      endpoints.withdraw,
      { amount: "100", cardId: String(customer.cardId), payPassword: customer.payPassword, requestId: rid() },
      { token: customer.token },
    );
    expect(withdrawal.body.err).toBe("account_frozen");
    expect((await userRow(customer.account)).cash).toBe(cashBefore);

    // still a customer: logs in, reads, is told why, and the order placed before the freeze settles
    const login = await api(h, endpoints.login, { account: customer.account, password: customer.password });
    expect(login.body.code).toBe(1);
    const info = await api(h, endpoints.userInfo, {}, { token: login.body.data.token });
    expect(info.body.data).toMatchObject({ account: customer.account, accountFrozen: true });
    expect(info.body.msg).toBeTypeOf("string");
    // its result waits for the reveal of its exit minute's seed
    await h.advanceTo(before.body.data.resultAt);
    const [settled] = await h.database.db.select().from(orders).where(eq(orders.id, before.body.data.id));
    expect(settled!.status).toBe("closed");

    const unfrozen = await freeze(customer.account, false);
    expect(unfrozen.body.data).toMatchObject({ frozen: false, frozenAt: null });
    await h.advance(1);
    expect((await placeOrder(h, customer.token, btc)).body.code).toBe(1);

    const audit = await auditOf("POST /api/ops/customer/frozen");
    expect(audit).toEqual([
      expect.objectContaining({
        actor: "staff-finance",
        target: `account:${customer.account}`,
        before: expect.objectContaining({ frozen: false }),
        after: expect.objectContaining({ frozen: true }),
      }),
      expect.objectContaining({ before: expect.objectContaining({ frozen: true }), after: expect.objectContaining({ frozen: false }) }),
    ]);
  });

  it("refuses an added plan amount of a frozen customer as well", async () => {
    const saver = await fundedUser(h, "deskcust02", "3000");
    const joined = await joinSevenDayPlan(saver.token);
    expect(joined.body.code, joined.body.msg).toBe(1);
    await freeze(saver.account, true);
    const appended = await api(
      h,
      endpoints.appendSubscription,
      { id: String(joined.body.data.id), amount: "100", payPassword: saver.payPassword, requestId: rid() },
      { token: saver.token },
    );
    expect(appended.body.err).toBe("account_frozen");
    await freeze(saver.account, false);
  });

  it("answers a retried order placed before the freeze with that order, not a refusal", async () => {
    await h.advance(1);
    const requestId = rid("retry");
    const first = await placeOrder(h, customer.token, btc, { requestId });
    expect(first.body.code).toBe(1);
    await freeze(customer.account, true);
    const retry = await placeOrder(h, customer.token, btc, { requestId });
    expect(retry.body).toMatchObject({ code: 1, data: { id: first.body.data.id } });
    await freeze(customer.account, false);
  });

  it("is refused to the machine token, to support and content, and to an operator on their own customer account", async () => {
    expect((await api(h, opsEndpoints.setCustomerFrozen, { account: customer.account, frozen: "1" }, token)).body.err).toBe(
      "ops_person_required",
    );
    expect((await freeze(customer.account, true, "finance")).body.code).toBe(1);
    await freeze(customer.account, false);
    const support = await api(h, opsEndpoints.setCustomerFrozen, { account: customer.account, frozen: "1" }, await staff(h, "support"));
    expect(support.body.err).toBe("ops_role_forbidden");
    const holder = await staff(h, "finance", "desk-holder");
    await api(
      h,
      opsEndpoints.setOperatorCustomer,
      { username: "desk-holder", account: customer.account, linked: "1" },
      await staff(h, "admin"),
    );
    expect((await api(h, opsEndpoints.setCustomerFrozen, { account: customer.account, frozen: "1" }, holder)).body.err).toBe(
      "ops_own_customer",
    );
    expect((await userRow(customer.account)).accountFrozenAt).toBeNull();
    expect((await freeze("nobody-like-this", true)).body.err).toBe("user_not_found");
  });
});

describe("notes and risk labels", () => {
  it("keeps dated notes with the writer's name from every role, and the table refuses to change them", async () => {
    const content = await staff(h, "content");
    const added = await api(
      h,
      opsEndpoints.addCustomerNote,
      { account: customer.account, text: "  Called about a late recharge  " },
      content,
    );
    expect(added.body.data).toEqual({
      id: expect.any(Number),
      operator: "staff-content",
      text: "Called about a late recharge",
      time: h.clock.now,
    });
    await api(h, opsEndpoints.addCustomerNote, { account: customer.account, text: "Asked for ID again" }, await staff(h, "support"));
    expect((await api(h, opsEndpoints.addCustomerNote, { account: customer.account, text: "x" }, token)).body.err).toBe(
      "ops_person_required",
    );
    expect((await api(h, opsEndpoints.addCustomerNote, { account: customer.account, text: "   " }, content)).body.err).toBe(
      "field_required",
    );

    const userId = (await userRow(customer.account)).id;
    const detail = await api(h, opsEndpoints.userDetail, { id: String(userId) }, await staff(h, "finance"));
    expect(detail.body.data.notes.map((note: { operator: string; text: string }) => [note.operator, note.text])).toEqual([
      ["staff-content", "Called about a late recharge"],
      ["staff-support", "Asked for ID again"],
    ]);
    for (const statement of ["update customer_notes set text = 'rewritten'", "delete from customer_notes", "truncate customer_notes"]) {
      const refused = await h.database.db.execute(statement as never).then(
        () => null,
        (error: unknown) => error as { cause?: unknown },
      );
      expect(String(refused?.cause), statement).toMatch(/never changed or removed/);
    }
    // the two notes, and the token's refused try (refusals of person-only paths are audited too)
    const audit = await auditOf("POST /api/ops/customer/note");
    expect(audit.map((row) => row.actor)).toEqual(["staff-content", "staff-support", "token"]);
    expect(audit[0]).toMatchObject({ target: `user:${userId}`, input: { text: "Called about a late recharge" } });
  });

  it("puts and takes off labels of the fixed set, audited with before and after", async () => {
    const finance = await staff(h, "finance");
    const on = await api(h, opsEndpoints.setCustomerLabel, { account: customer.account, label: "watch", on: "1" }, finance);
    expect(on.body.data).toEqual([{ label: "watch", addedBy: "staff-finance", time: h.clock.now }]);
    await api(h, opsEndpoints.setCustomerLabel, { account: customer.account, label: "vip", on: "1" }, finance);
    const off = await api(h, opsEndpoints.setCustomerLabel, { account: customer.account, label: "watch", on: "0" }, finance);
    expect(off.body.data.map((label: { label: string }) => label.label)).toEqual(["vip"]);
    expect((await api(h, opsEndpoints.setCustomerLabel, { account: customer.account, label: "friend", on: "1" }, finance)).body.err).toBe(
      "invalid_input",
    );
    const audit = await auditOf("POST /api/ops/customer/label");
    expect(audit.at(-1)).toMatchObject({
      actor: "staff-finance",
      target: `user:${(await userRow(customer.account)).id}`,
      before: [expect.objectContaining({ label: "watch" }), expect.objectContaining({ label: "vip" })],
      after: [expect.objectContaining({ label: "vip" })],
    });
  });
});

describe("support's password reset for a customer", () => {
  it("answers a temporary password once, ends every session, and asks for a new password until one is set", async () => {
    const { token: oldToken } = await registerUser(h, "deskreset01", "first-pass1", "fund1234");
    const reset = await api(h, opsEndpoints.resetCustomerPassword, { account: "deskreset01" }, await staff(h, "support"));
    expect(reset.body.code, reset.body.msg).toBe(1);
    const temporary = reset.body.data.password as string;
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await api(h, endpoints.userInfo, {}, { token: oldToken! })).body.err).toBe("login_required");
    expect((await api(h, endpoints.login, { account: "deskreset01", password: "first-pass1" })).body.err).toBe("wrong_password");

    const login = await api(h, endpoints.login, { account: "deskreset01", password: temporary });
    expect(login.body.data.user.mustChangePassword).toBe(true);
    const fresh = login.body.data.token as string;
    expect((await api(h, endpoints.userInfo, {}, { token: fresh })).body.data.mustChangePassword).toBe(true);
    const changed = await api(
      h,
      endpoints.changeLoginPassword,
      { oldPassword: temporary, password: "second-pass2", password2: "second-pass2" },
      { token: fresh },
    );
    expect(changed.body.code, changed.body.msg).toBe(1);
    expect((await api(h, endpoints.userInfo, {}, { token: fresh })).body.data.mustChangePassword).toBe(false);

    const [row] = await auditOf("POST /api/ops/customer/password");
    expect(row).toMatchObject({
      actor: "staff-support",
      target: "account:deskreset01",
      after: { account: "deskreset01", password: "***" },
    });
    expect(JSON.stringify(row)).not.toContain(temporary);
  });

  it("is support's and admin's, and never the machine token's", async () => {
    expect((await api(h, opsEndpoints.resetCustomerPassword, { account: customer.account }, await staff(h, "finance"))).body.err).toBe(
      "ops_role_forbidden",
    );
    expect((await api(h, opsEndpoints.resetCustomerPassword, { account: customer.account }, token)).body.err).toBe("ops_person_required");
    const login = await api(h, endpoints.login, { account: customer.account, password: customer.password });
    expect(login.body.code).toBe(1);
  });
});

describe("the customer page", () => {
  it("shows the flags, where they registered, their trading result, and the ID number in full only to support and admin", async () => {
    const { token: userToken } = await registerUser(h, "deskid01", "login123", "fund1234");
    const idNumber = residentId("19900307", 512);
    const certified = await api(
      h,
      endpoints.certify,
      { name: "Desk Person", idNumber, agree: "1", requestId: rid("cert") },
      { token: userToken! },
    );
    expect(certified.body.code, certified.body.msg).toBe(1);
    const userId = (await userRow("deskid01")).id;
    const asRole = async (role: "support" | "finance" | "admin") =>
      (await api(h, opsEndpoints.userDetail, { id: String(userId) }, await staff(h, role))).body.data;
    expect((await asRole("support")).verifications[0]!.idNumber).toBe(idNumber);
    expect((await asRole("admin")).verifications[0]!.idNumber).toBe(idNumber);
    const finance = await asRole("finance");
    expect(finance.verifications[0]!.idNumber).not.toBe(idNumber);
    expect(finance.verifications[0]!.idNumber).toMatch(/^\d{3}\*+\w{3}$/);
    expect(finance.flags).toEqual({ account: "deskid01", locked: false, frozen: false, frozenAt: null, mustChangePassword: false });
    expect(finance.registration).toMatchObject({ kind: "register", ip: "127.0.0.1", deviceId: null });
    expect(finance.trading).toEqual({ orders: 0, staked: "0.00", paidOut: "0.00", profit: "0.00" });

    const demo = await loginDemo(h);
    const demoId = (await userRow("demo")).id;
    await h.advance(1);
    const placed = await placeOrder(h, demo, btc, { amount: "100" });
    expect(placed.body.code).toBe(1);
    await h.advanceTo(placed.body.data.resultAt);
    const trading = (await api(h, opsEndpoints.userDetail, { id: String(demoId) }, await staff(h, "finance"))).body.data.trading;
    const [closed] = await h.database.db.select().from(orders).where(eq(orders.userId, demoId));
    expect(trading.orders).toBe(1);
    expect(trading.staked).toBe("100.00");
    // a tie returns the stake, a loss nothing, a win more: the profit is what came back less stake and fee
    const back = closed!.payout ?? 0;
    expect(trading.profit).toBe(((back - closed!.amount - closed!.fee) / 100).toFixed(2));
  });
});
