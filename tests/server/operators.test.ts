import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { OPS_ROLES, type OpsRole } from "#contract/operators";
import { operators, opsAlerts } from "#server/db/schema";
import { updateMoneySettings } from "#server/modules/money/settings";
import { createOperator, issueSetupCode } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";
import { totpCode as customerTotpCode } from "#server/modules/totp/totp";

import { api, type Harness, OPS_TOKEN, registerUser, rid, startHarness } from "./harness";
import { residentId } from "./resident-ids";
import { opsEndpointList } from "./security/every-endpoint";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";

/**
 * Named operators: sign-in with password and authenticator code, lockout, console sessions in a cookie that
 * only the operator API reads, roles per endpoint from the contract, the audit row of every write, and the
 * two-person rule on large withdrawals.
 */
let h: Harness;
let customer: FundedUser;
const PASSWORD = "operator-pass-1";
const staff: Record<OpsRole, { username: string; cookie: string }> = {} as never;

const token = { "ops-token": OPS_TOKEN };

async function secretOf(username: string) {
  const [row] = await h.database.db.select().from(operators).where(eq(operators.username, username));
  return row!.totpSecret;
}

/** Signs in and answers the reply and the cookie it set (name=value only). */
async function signIn(username: string, password = PASSWORD, code?: string | null) {
  const fields: Record<string, string> = { username, password };
  const resolved = code === undefined ? totpCode(username, await secretOf(username), h.clock.now) : code;
  if (resolved !== null) fields.code = resolved;
  const response = await h.app.inject({
    method: "POST",
    url: "/api/ops/login",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  const setCookie = String(response.headers["set-cookie"] ?? "");
  return { body: response.json(), setCookie, cookie: setCookie.split(";")[0] ?? "" };
}

const asCookie = (cookie: string) => ({ cookie });

async function makeOperator(username: string, role: OpsRole) {
  await createOperator(h.database.db, { username, role, password: PASSWORD }, h.clock.now);
  // a fresh 30-second step for every sign-in: a code is good once
  h.clock.now += 30;
  const signed = await signIn(username);
  expect(signed.body.code, signed.body.msg).toBe(1);
  return signed.cookie;
}

beforeAll(async () => {
  h = await startHarness();
  await updateMoneySettings(h.database.db, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  customer = await fundedUser(h, "opscust01");
  for (const role of OPS_ROLES) staff[role] = { username: `${role}1`, cookie: await makeOperator(`${role}1`, role) };
}, 120_000);
afterAll(() => h?.close());

describe("operator sign-in", () => {
  it("needs the right password and the current authenticator code, of every role; a code works once", async () => {
    await createOperator(h.database.db, { username: "fin2", role: "finance", password: PASSWORD }, h.clock.now);
    h.clock.now += 30;
    expect((await signIn("fin2", PASSWORD, null)).body.err).toBe("ops_login_failed");
    expect((await signIn("fin2", PASSWORD, "000000")).body.err).toBe("ops_login_failed");
    expect((await signIn("fin2", "wrong-password-9")).body.err).toBe("ops_login_failed");
    expect((await signIn("nobody-here", PASSWORD, "123456")).body.err).toBe("ops_login_failed");
    const good = await signIn("fin2");
    expect(good.body.code).toBe(1);
    expect(good.body.data).toEqual({ username: "fin2", role: "finance", pending: null });
    // the session lives in the cookie only: HttpOnly, SameSite=Strict, the operator API's path
    expect(JSON.stringify(good.body)).not.toContain(good.cookie.split("=")[1]);
    expect(good.setCookie).toMatch(/^ops_session=[\w-]{40,};/);
    expect(good.setCookie).toContain("HttpOnly");
    expect(good.setCookie).toContain("SameSite=Strict");
    expect(good.setCookie).toContain("Path=/api/ops");
    expect(good.setCookie).not.toContain("Secure");
    // the same code again (an overheard one) is refused
    expect((await signIn("fin2", PASSWORD, totpCode("fin2", await secretOf("fin2"), h.clock.now))).body.err).toBe("ops_login_failed");
    // support gives a code as well: it reads SMS codes and full ID numbers
    await createOperator(h.database.db, { username: "sup2", role: "support", password: PASSWORD }, h.clock.now);
    expect((await signIn("sup2", PASSWORD, null)).body.err).toBe("ops_login_failed");
    h.clock.now += 30;
    expect((await signIn("sup2")).body.code).toBe(1);
  });

  it("marks the cookie Secure behind https", async () => {
    h.clock.now += 30;
    const response = await h.app.inject({
      method: "POST",
      url: "/api/ops/login",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https" },
      remoteAddress: "127.0.0.1",
      payload: new URLSearchParams({
        username: "sup2",
        password: PASSWORD,
        code: totpCode("sup2", await secretOf("sup2"), h.clock.now),
      }).toString(),
    });
    expect(String(response.headers["set-cookie"])).toContain("; Secure");
  });

  it("locks after five wrong tries for 15 minutes, even against the right password", async () => {
    await createOperator(h.database.db, { username: "adm3", role: "admin", password: PASSWORD }, h.clock.now);
    for (let i = 0; i < 5; i++) expect((await signIn("adm3", "wrong-password-9")).body.err).toBe("ops_login_failed");
    h.clock.now += 30;
    const locked = await signIn("adm3");
    expect(locked.body.err).toBe("ops_login_locked");
    h.clock.now += 15 * 60;
    expect((await signIn("adm3")).body.code).toBe(1);
  });

  it("ends a session after 30 idle minutes, and at logout", async () => {
    const cookie = await makeOperator("sup4", "support");
    expect((await api(h, "GET", "/api/ops/me", {}, asCookie(cookie))).body.data.username).toBe("sup4");
    h.clock.now += 29 * 60;
    expect((await api(h, "GET", "/api/ops/me", {}, asCookie(cookie))).body.code).toBe(1);
    h.clock.now += 31 * 60;
    expect((await api(h, "GET", "/api/ops/me", {}, asCookie(cookie))).body.err).toBe("ops_forbidden");
    const again = await makeOperator("sup5", "support");
    expect((await api(h, "POST", "/api/ops/logout", {}, asCookie(again))).body.code).toBe(1);
    expect((await api(h, "GET", "/api/ops/me", {}, asCookie(again))).body.err).toBe("ops_forbidden");
    // the operators signed in for the role checks keep working after all that time
    for (const role of OPS_ROLES) staff[role] = { username: `${role}-again`, cookie: await makeOperator(`${role}-again`, role) };
  });
});

/**
 * Who may call what, written out by hand rather than read from the contract, so a role widened in
 * contract/ops.ts (a finance endpoint opened to support, an admin one to finance) fails here instead of
 * moving the test's expectation along with it. Admin may call everything.
 */
const WHO_MAY: Record<string, ReadonlyArray<Exclude<OpsRole, "admin">>> = {
  // markets: reading products is finance's, changing them is admin's alone
  "GET /api/ops/products": ["finance"],
  "POST /api/ops/product/trading": [],
  "POST /api/ops/product/options": [],
  "POST /api/ops/product/limits": [],
  "POST /api/ops/product/names": [],
  "POST /api/ops/product/feed": [],
  "POST /api/ops/product/quoting": [],
  "GET /api/ops/risk": ["finance", "support", "content"],
  // money: finance only
  "GET /api/ops/recharges": ["finance"],
  "POST /api/ops/recharge/review": ["finance"],
  "POST /api/ops/channel": ["finance"],
  "GET /api/ops/channels": ["finance"],
  "GET /api/ops/withdrawals": ["finance"],
  "POST /api/ops/withdrawal/review": ["finance"],
  // after approval: the payment marked paid or failed
  "POST /api/ops/withdrawal/paid": ["finance"],
  "POST /api/ops/withdrawal/failed": ["finance"],
  // manual adjustments: proposed by one person of finance or admin, applied by another
  "GET /api/ops/adjustments": ["finance"],
  "POST /api/ops/adjustments": ["finance"],
  "POST /api/ops/adjustment/decide": ["finance"],
  "GET /api/ops/money-rules": ["finance"],
  "POST /api/ops/money-rules": ["finance"],
  // a loosening of the money rules waits for a second admin
  "POST /api/ops/money-rules/decide": [],
  "GET /api/ops/reconcile/report": ["finance"],
  "GET /api/ops/reconcile": ["finance"],
  "POST /api/ops/invite-bonus": ["finance"],
  "GET /api/ops/plans": ["finance"],
  "POST /api/ops/plan": ["finance"],
  // customers
  "GET /api/ops/verifications": ["support"],
  "POST /api/ops/verification/review": ["support"],
  "POST /api/ops/message": ["support"],
  "GET /api/ops/sms": ["support"],
  "GET /api/ops/users": ["support", "finance"],
  "GET /api/ops/user/detail": ["support", "finance"],
  "GET /api/ops/customer/limits": ["support", "finance"],
  "GET /api/ops/user": ["support", "finance"],
  "POST /api/ops/unlock": ["support"],
  // the customer page: freezing and risk labels are the money desk's, notes anyone's, a password reset support's
  "POST /api/ops/customer/frozen": ["finance"],
  "POST /api/ops/customer/label": ["finance"],
  "POST /api/ops/customer/note": ["finance", "support", "content"],
  "POST /api/ops/customer/password": ["support"],
  // a lost phone: support proposes switching the customer's two-step sign-in off, a second support person applies
  "GET /api/ops/customers/two_step": ["support"],
  "POST /api/ops/customers/two_step_reset_propose": ["support"],
  "POST /api/ops/customers/two_step_reset_apply": ["support"],
  "POST /api/ops/customers/two_step_reset_cancel": ["support"],
  // content
  "POST /api/ops/content": ["content"],
  "GET /api/ops/contents": ["content"],
  "GET /api/ops/content/item": ["content"],
  "POST /api/ops/content/publish": ["content"],
  "GET /api/ops/office": ["content"],
  "POST /api/ops/office": ["content"],
  // the support chat: support answers customers; the canned replies are admin's to edit
  "GET /api/ops/support/threads": ["support"],
  "GET /api/ops/support/thread": ["support"],
  "POST /api/ops/support/reply": ["support"],
  "POST /api/ops/support/note": ["support"],
  "POST /api/ops/support/assign": ["support"],
  "GET /api/ops/support/colleagues": ["support"],
  "GET /api/ops/support/canned": ["support"],
  "POST /api/ops/support/canned": [],
  // operators and the audit log: admin's alone
  "GET /api/ops/operators": [],
  "POST /api/ops/operators": [],
  "POST /api/ops/operator/enabled": [],
  "POST /api/ops/operator/role": [],
  "POST /api/ops/operator/password": [],
  "POST /api/ops/operator/reset-totp": [],
  "GET /api/ops/operator/sessions": [],
  "POST /api/ops/operator/logout": [],
  "POST /api/ops/operator/customer": [],
  "GET /api/ops/audit": [],
  // the lists' exports: the list's own roles; the ledger is finance's
  "GET /api/ops/ledger": ["finance"],
  "GET /api/ops/recharges/csv": ["finance"],
  "GET /api/ops/withdrawals/csv": ["finance"],
  "GET /api/ops/ledger/csv": ["finance"],
  "GET /api/ops/adjustments/csv": ["finance"],
  "GET /api/ops/verifications/csv": ["support"],
  "GET /api/ops/users/csv": ["support", "finance"],
  "GET /api/ops/audit/csv": [],
  // every signed-in operator
  "POST /api/ops/logout": ["finance", "support", "content"],
  "GET /api/ops/me": ["finance", "support", "content"],
  "GET /api/ops/status": ["finance", "support", "content"],
  "GET /api/ops/dashboard": ["finance", "support", "content"],
  // money over time is finance's; alerts are the reviewers' (each sees those of the topics their role hears)
  "GET /api/ops/dashboard/history": ["finance"],
  "GET /api/ops/alerts": ["finance", "support"],
  "POST /api/ops/alert/ack": ["finance", "support"],
  "POST /api/ops/stream_ticket": ["finance", "support", "content"],
  // the operator's own steps: a new password, an authenticator
  "POST /api/ops/me/password": ["finance", "support", "content"],
  "POST /api/ops/me/totp": ["finance", "support", "content"],
  "POST /api/ops/me/totp/confirm": ["finance", "support", "content"],
};

describe("roles", () => {
  const guarded = () => opsEndpointList.filter((s) => s.auth === "ops");

  it("has a hand-written expectation for every operator endpoint, and none for a path that is gone", () => {
    expect(
      guarded()
        .map((spec) => `${spec.method} ${spec.path}`)
        .sort(),
    ).toEqual(Object.keys(WHO_MAY).sort());
  });

  it("refuses each role every operator endpoint outside the hand-written table, and only those", async () => {
    // logout (every role's right) would end the session the other calls use; it is checked on its own above
    for (const spec of guarded().filter((s) => s.key !== "operatorLogout")) {
      const allowed = WHO_MAY[`${spec.method} ${spec.path}`] ?? [];
      for (const role of OPS_ROLES) {
        // an empty body: a permitted call is refused for its input at worst, never for the role
        const answer = await api(h, spec.method, spec.path, {}, asCookie(staff[role].cookie));
        const context = `${role} ${spec.method} ${spec.path}`;
        if (role === "admin" || (allowed as readonly string[]).includes(role)) {
          expect(["ops_role_forbidden", "ops_forbidden"], context).not.toContain(answer.body.err);
        } else {
          expect(answer.body.err, context).toBe("ops_role_forbidden");
          expect(answer.status, context).toBe(403);
        }
      }
    }
  });

  it("declares roles on every operator endpoint", () => {
    for (const spec of opsEndpointList.filter((s) => s.auth === "ops")) expect(spec.roles, spec.path).toBeDefined();
  });
});

describe("credentials stay apart", () => {
  it("a customer's token reaches no operator endpoint, in any header or as the cookie", async () => {
    for (const spec of opsEndpointList.filter((s) => s.auth === "ops")) {
      for (const headers of [
        { token: customer.token },
        { "ops-token": customer.token },
        { cookie: `ops_session=${customer.token}` },
      ] as Array<Record<string, string>>) {
        expect((await api(h, spec.method, spec.path, {}, headers)).body.err, `${spec.path} ${JSON.stringify(headers)}`).toBe(
          "ops_forbidden",
        );
      }
    }
  });

  it("the machine token is not accepted as the console cookie, and a wrong header is not rescued by a good cookie", async () => {
    expect((await api(h, "GET", "/api/ops/me", {}, { cookie: `ops_session=${OPS_TOKEN}` })).body.err).toBe("ops_forbidden");
    const mixed = { cookie: staff.admin.cookie, "ops-token": "not-the-token" };
    expect((await api(h, "GET", "/api/ops/me", {}, mixed)).body.err).toBe("ops_forbidden");
  });

  it("an operator cookie reaches no customer endpoint", async () => {
    for (const spec of Object.values(endpoints).filter((s) => s.auth === "user")) {
      const answer = await api(h, spec.method, spec.path, {}, { cookie: staff.admin.cookie });
      expect(answer.body.err, spec.path).toBe("login_required");
    }
  });

  it("serves a recharge screenshot to an operator session, never without one", async () => {
    const url = await uploadPng(h, customer.token);
    const name = url.replace("/api/files/", "");
    const get = (headers: Record<string, string>) => h.app.inject({ method: "GET", url: `/api/ops/files/${name}`, headers });
    const seen = await get({ cookie: staff.finance.cookie });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    expect((await get({})).json().err).toBe("ops_forbidden");
    expect((await get({ token: customer.token })).json().err).toBe("ops_forbidden");
    expect((await get({ cookie: staff.content.cookie })).json().err).toBe("ops_role_forbidden");
    // the customer path does not take the operator cookie
    const customerPath = await h.app.inject({ method: "GET", url, headers: { cookie: staff.finance.cookie } });
    expect(customerPath.json().err).toBe("login_required");
  });
});

async function requestWithdrawal(amount: string) {
  const answer = await api(
    h,
    "POST",
    "/api/user/cash",
    { requestId: rid("wd"), amount, cardId: String(customer.cardId), payPassword: customer.payPassword },
    { token: customer.token },
  );
  expect(answer.body.code, answer.body.msg).toBe(1);
  return String(answer.body.data.id);
}

describe("what reviewing needs", () => {
  it("shows payout details in the withdrawal queue and the screenshot link in the recharge queue", async () => {
    const id = await requestWithdrawal("150");
    const queue = (await api(h, "GET", "/api/ops/withdrawals", {}, asCookie(staff.finance.cookie))).body.data.items;
    const item = queue.find((row: { id: number }) => String(row.id) === id);
    expect(item.payout).toEqual({
      channel: "bank",
      bank: `${customer.account} Bank`,
      branch: "",
      number: customer.cardNumber,
      holder: customer.account,
    });
    expect(item).toMatchObject({ amount: "150.00", fee: "1.50", actual: "148.50" });
    const recharges = (await api(h, "GET", "/api/ops/recharges", { status: "all" }, asCookie(staff.finance.cookie))).body.data.items;
    expect(recharges[0].screenshotUrl).toMatch(/^\/api\/ops\/files\/[a-f0-9]{32}\.png$/);
    await api(h, "POST", "/api/ops/withdrawal/review", { id, decision: "reject", reason: "test" }, token);
  });

  it("finds a customer by account, phone, id or invite code and shows the ledger with running balances", async () => {
    const byAccount = (await api(h, "GET", "/api/ops/users", { q: "opscust" }, asCookie(staff.support.cookie))).body.data.items;
    expect(byAccount.map((u: { account: string }) => u.account)).toContain(customer.account);
    const user = byAccount.find((u: { account: string }) => u.account === customer.account);
    for (const q of [user.phone, String(user.id), user.inviteCode.toLowerCase()]) {
      const found = (await api(h, "GET", "/api/ops/users", { q }, asCookie(staff.support.cookie))).body.data.items;
      expect(
        found.map((u: { id: number }) => u.id),
        q,
      ).toContain(user.id);
    }
    const detail = (await api(h, "GET", "/api/ops/user/detail", { id: String(user.id) }, asCookie(staff.support.cookie))).body.data;
    expect(detail.balances.cash).toBe(detail.ledger.find((row: { account: string }) => row.account === "cash").balance);
    expect(detail.cards[0].number).toBe(customer.cardNumber);
    // each row's balance is the one before it plus its delta
    const cash = detail.ledger.filter((row: { account: string }) => row.account === "cash").reverse();
    for (let i = 1; i < cash.length; i++)
      expect(Number(cash[i].balance)).toBeCloseTo(Number(cash[i - 1].balance) + Number(cash[i].delta), 2);
  });

  it("counts pending reviews with their age on the dashboard", async () => {
    const id = await requestWithdrawal("120");
    h.clock.now += 90;
    const board = (await api(h, "GET", "/api/ops/dashboard", {}, asCookie(staff.content.cookie))).body.data;
    expect(board.pending.withdrawals.count).toBeGreaterThanOrEqual(1);
    expect(board.pending.withdrawals.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    await api(h, "POST", "/api/ops/withdrawal/review", { id, decision: "reject", reason: "test" }, token);
  });
});

describe("two-person rule", () => {
  it("pays a withdrawal above the set amount only after a second, different operator approves", async () => {
    await api(h, "POST", "/api/ops/money-rules", { dualApprovalAbove: "500" }, asCookie(staff.finance.cookie));
    const small = await requestWithdrawal("400");
    expect(
      (await api(h, "POST", "/api/ops/withdrawal/review", { id: small, decision: "approve" }, asCookie(staff.finance.cookie))).body.data
        .status,
    ).toBe("success");
    const large = await requestWithdrawal("600");
    const review = (cookie: string) => api(h, "POST", "/api/ops/withdrawal/review", { id: large, decision: "approve" }, asCookie(cookie));
    const frozenBefore = (await api(h, "GET", "/api/user/wallet", {}, { token: customer.token })).body.data.frozen;
    const first = await review(staff.finance.cookie);
    expect(first.body.data).toMatchObject({ status: "review", secondApprovalNeeded: true });
    // nothing paid yet, and the same operator cannot give the second approval
    expect((await api(h, "GET", "/api/user/wallet", {}, { token: customer.token })).body.data.frozen).toBe(frozenBefore);
    expect((await review(staff.finance.cookie)).body.err).toBe("second_approval_required");
    const second = await review(staff.admin.cookie);
    expect(second.body.data).toMatchObject({ status: "success", secondApprovalNeeded: false });
    expect((await review(staff.admin.cookie)).body.err).toBe("already_reviewed");
    // switching the rule off loosens it: set straight, as a second admin's approval would (two-person.test.ts)
    await updateMoneySettings(h.database.db, { dualApprovalAbove: 0 });
  });
});

/** A new customer with two-step sign-in on; answers the account. */
async function customerWithTwoStep(account: string): Promise<string> {
  const { token: userToken } = await registerUser(h, account, "login123", "fund1234");
  const setup = await api(h, "POST", "/api/user/totp_setup", {}, { token: userToken! });
  const code = customerTotpCode(setup.body.data.secret, h.clock.now);
  expect((await api(h, "POST", "/api/user/totp_enable", { code }, { token: userToken! })).body.code).toBe(1);
  return account;
}

/** A valid call of every operator write: the audit test refuses to pass while one is missing here. */
function writeCalls(): Record<string, Record<string, string>> {
  return {
    unlockUser: { account: customer.account },
    setCustomerFrozen: { account: customer.account, frozen: "0" },
    setCustomerLabel: { account: customer.account, label: "watch", on: "1" },
    addCustomerNote: { account: customer.account, text: "audited note" },
    // another customer's: this one's session is used after
    resetCustomerPassword: { account: "demo" },
    setProductTrading: { pid: "1", enabled: "1" },
    setProductOptions: { pid: "1", options: "30:0.8:10:5000,60:0.85:10:10000" },
    setProductLimits: { pid: "1", feeRate: "0.01", singleMin: "10", singleMax: "5000", totalMax: "100000" },
    setProductNames: { pid: "1", name: "EUR/USD", name_jp: "ユーロ/米ドル" },
    setProductFeed: { pid: "1", source: "simulated", staleSeconds: "10" },
    setProductQuoting: { pid: "1", requoteToleranceBps: "10", maxQuoteAgeSeconds: "2" },
    reviewRecharge: {},
    reviewWithdrawal: {},
    markWithdrawalPaid: {},
    markWithdrawalFailed: {},
    proposeAdjustment: {},
    decideAdjustment: {},
    setChannel: { type: "bank", name: "Audit Bank", account: "6222000099990000" },
    setMoneyRules: { rechargeNotice: "audited" },
    decideMoneyRuleChange: {},
    reviewVerification: {},
    sendMessage: { account: customer.account, title: "Hello", body: "Audited" },
    setInviteBonus: { amount: "5" },
    publishContent: { item: "audit-item", kind: "news", lang: "en", title: "Audit" },
    setContentPublished: { item: "audit-item", published: "1" },
    setOffice: { name: "Audit office", address: "1 Audit Road", lat: "22.3", lng: "114.2" },
    supportReply: {},
    supportNote: {},
    supportAssign: {},
    setSupportCanned: { language: "en", title: "Audited", text: "An audited canned reply" },
    setPlan: { title: "Audit plan", dailyRate: "0.001", days: "7", minAmount: "100" },
    operatorLogout: {},
    addOperator: { username: "audited1", role: "content" },
    setOperatorEnabled: { username: "audited1", enabled: "0" },
    setOperatorRole: { username: "audited1", role: "support" },
    resetOpsPassword: { username: "audited1" },
    resetOperatorTotp: { username: "audited1" },
    endOperatorSessions: { username: "audited1" },
    setOperatorCustomer: { username: "audited1", account: customer.account, linked: "1" },
    changeOwnPassword: { currentPassword: PASSWORD, password: "audited passphrase 1" },
  };
}

describe("audit log", () => {
  it("writes a row for every operator write endpoint, with who, what, target and before → after", async () => {
    const recharge = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { channelId: "1", amount: "200", screenshot: await uploadPng(h, customer.token), requestId: rid("au") },
      { token: customer.token },
    );
    const withdrawal = await requestWithdrawal("130");
    const verification = await api(
      h,
      "POST",
      "/api/user/certification",
      { name: "Audit Person", idNumber: residentId("19900307", 447), agree: "1", requestId: rid("cert") },
      { token: customer.token },
    );
    const calls = writeCalls();
    calls.reviewRecharge = { id: String(recharge.body.data.id), decision: "reject", reason: "blurry screenshot" };
    calls.reviewWithdrawal = { id: withdrawal, decision: "reject", reason: "name mismatch" };
    // a loosening another admin asked for, for this admin to decide
    const otherAdmin = await makeOperator("rules-asker", "admin");
    const asked = await api(h, "POST", "/api/ops/money-rules", { withdrawFeeRate: "0.005" }, asCookie(otherAdmin));
    calls.decideMoneyRuleChange = { id: String(asked.body.data.pendingChanges.at(-1).id), decision: "reject" };
    expect(verification.body.code, verification.body.msg).toBe(1);
    // two approved withdrawals, one to mark paid and one failed; an adjustment another person proposed
    const [toPay, toFail] = [await requestWithdrawal("120"), await requestWithdrawal("121")];
    for (const id of [toPay, toFail])
      await api(h, "POST", "/api/ops/withdrawal/review", { id, decision: "approve" }, asCookie(staff.finance.cookie));
    calls.markWithdrawalPaid = { id: toPay, reference: "AUDIT-REF-1" };
    calls.markWithdrawalFailed = { id: toFail, reason: "bank returned it" };
    calls.proposeAdjustment = { account: customer.account, direction: "credit", amount: "1", reason: "audited" };
    const proposal = await api(
      h,
      "POST",
      "/api/ops/adjustments",
      { account: customer.account, direction: "credit", amount: "2", reason: "asked" },
      asCookie(otherAdmin),
    );
    calls.decideAdjustment = { id: String(proposal.body.data.id), decision: "apply" };
    // switching a customer's two-step sign-in off: a proposal to make, another person's to apply, one to cancel
    const proposeReset = async (account: string) =>
      (await api(h, "POST", "/api/ops/customers/two_step_reset_propose", { account, reason: "lost phone" }, asCookie(otherAdmin))).body.data
        .id;
    calls.proposeTwoStepReset = { account: await customerWithTwoStep("auditts1"), reason: "lost phone" };
    calls.applyTwoStepReset = { id: String(await proposeReset(await customerWithTwoStep("auditts2"))) };
    calls.cancelTwoStepReset = { id: String(await proposeReset(await customerWithTwoStep("auditts3"))) };
    const pendingVerification = (await api(h, "GET", "/api/ops/verifications", {}, token)).body.data.items[0];
    calls.reviewVerification = { id: String(pendingVerification.id), decision: "refuse", reason: "unreadable" };
    // an alert for the admin to acknowledge, as the job leader would have raised it
    const [alert] = await h.database.db
      .insert(opsAlerts)
      .values({ kind: "large_win", causeKey: "audit-test", topic: "orders", subject: "order:0", details: {}, raisedAt: h.clock.now })
      .returning({ id: opsAlerts.id });
    calls.acknowledgeAlert = { id: String(alert!.id) };
    const customerId = String((await api(h, "GET", "/api/user/index", {}, { token: customer.token })).body.data.id);
    calls.supportReply = { userId: customerId, text: "audited reply" };
    calls.supportNote = { userId: customerId, text: "audited note" };
    calls.supportAssign = { userId: customerId };
    // a stream ticket changes nothing an operator answers for: it opens the console's live view
    // enrolling an authenticator is open only to an operator who owes it: audited in operator-management.test.ts
    const apart = ["opsStreamTicket", "startTotpEnrolment", "confirmTotp"];
    const writes = opsEndpointList.filter((spec) => spec.auth === "ops" && spec.method === "POST" && !apart.includes(spec.key));
    expect(writes.map((spec) => spec.key).sort()).toEqual(Object.keys(calls).sort());
    for (const spec of writes) {
      const action = `POST ${spec.path}`;
      const before = (await api(h, "GET", "/api/ops/audit", { action }, token)).body.data.items.length;
      const answer = await api(h, "POST", spec.path, calls[spec.key]!, asCookie(staff.admin.cookie));
      expect(answer.body.code, `${spec.key}: ${answer.body.msg}`).toBe(1);
      const rows = (await api(h, "GET", "/api/ops/audit", { action }, token)).body.data.items;
      expect(rows.length, spec.key).toBe(before + 1);
      expect(rows[0]).toMatchObject({ actor: staff.admin.username, action });
      expect(typeof rows[0].at).toBe("number");
      if (spec.key === "operatorLogout") staff.admin = { username: "admin-later", cookie: await makeOperator("admin-later", "admin") };
    }
    const reviewed = (await api(h, "GET", "/api/ops/audit", { target: `withdrawal:${withdrawal}` }, token)).body.data.items[0];
    expect(reviewed.before).toEqual({ status: "review" });
    expect(reviewed.after).toMatchObject({ status: "failed" });
    expect(reviewed.input.reason).toBe("name mismatch");
    const rules = (await api(h, "GET", "/api/ops/audit", { target: "settings:money" }, token)).body.data.items[0];
    expect(rules.after.rechargeNotice).toBe("audited");
    expect(rules.before.rechargeNotice).not.toBe("audited");
    // the new operator's password and authenticator secret were answered once and are not in the log
    const added = (await api(h, "GET", "/api/ops/audit", { action: "POST /api/ops/operators" }, token)).body.data.items[0];
    expect(JSON.stringify(added)).not.toMatch(/otpauth:|secret=/);
    expect(added.after.password).toBe("***");
  });

  it("records refused sign-ins, the machine token's refused money writes and no row for a refused write", async () => {
    await signIn(staff.support.username, "wrong-password-9", null);
    const login = (await api(h, "GET", "/api/ops/audit", { action: "POST /api/ops/login" }, token)).body.data.items[0];
    expect(login.after).toEqual({ ok: false, refused: "ops_login_failed" });
    expect(JSON.stringify(login)).not.toContain("wrong-password-9");
    await api(h, "POST", "/api/ops/invite-bonus", { amount: "6" }, token);
    expect((await api(h, "GET", "/api/ops/audit", { action: "POST /api/ops/invite-bonus" }, token)).body.data.items[0].actor).toBe("token");
    const count = async () =>
      (await api(h, "GET", "/api/ops/audit", { action: "POST /api/ops/recharge/review" }, token)).body.data.items.length;
    const before = await count();
    // the token may not review at all: refused before the handler, and the refusal is on record
    expect((await api(h, "POST", "/api/ops/recharge/review", { id: "999999", decision: "approve" }, token)).body.err).toBe(
      "ops_person_required",
    );
    const refusal = (await api(h, "GET", "/api/ops/audit", { action: "POST /api/ops/recharge/review" }, token)).body.data.items[0];
    expect(refusal).toMatchObject({ actor: "token", after: { ok: false, refused: "ops_person_required" } });
    expect(await count()).toBe(before + 1);
    // a person's refused write leaves no row
    expect(
      (await api(h, "POST", "/api/ops/recharge/review", { id: "999999", decision: "approve" }, asCookie(staff.finance.cookie))).body.err,
    ).toBe("record_not_found");
    expect(await count()).toBe(before + 1);
  });

  it("cannot be changed or emptied, even by the database's own user", async () => {
    await expect(h.database.db.execute("update ops_audit set actor = 'someone-else'" as never)).rejects.toThrow();
    await expect(h.database.db.execute("delete from ops_audit" as never)).rejects.toThrow();
  });
});

describe("first admin", () => {
  it("is created once, with the setup code the server printed, and only while no operator exists", async () => {
    const fresh = await startHarness();
    try {
      const code = await issueSetupCode(fresh.database.db);
      expect(code).toMatch(/^[\w-]{12}$/);
      const setup = (setupCode: string, username: string) =>
        api(fresh, "POST", "/api/ops/setup", { setupCode, username, password: "first-admin-pass" });
      expect((await setup("wrong-code-1", "root1")).body.err).toBe("ops_setup_invalid");
      const created = await setup(code!, "root1");
      expect(created.body.data).toMatchObject({ username: "root1", role: "admin" });
      expect(created.body.data.otpauth).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect((await setup(code!, "root2")).body.err).toBe("ops_setup_invalid");
      expect(await issueSetupCode(fresh.database.db)).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
