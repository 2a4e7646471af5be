import { eq } from "drizzle-orm";
import { URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import type { OpsRole } from "#contract/operators";
import { opsPaths } from "#contract/ops-paths";
import { operators } from "#server/db/schema";
import { setOperatorEnabled, setOperatorRole } from "#server/modules/operators/management";
import { createOperator, issueSetupCode } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";

import { api, type Harness, OPS_TOKEN, rid, startHarness } from "./harness";
import { OPERATOR_PASSWORD, type OpsSite, send, signedIn, totpSecretOf } from "./ops-sites";
import { residentId } from "./resident-ids";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";
import { presetMoneyRules } from "./staff";
/**
 * What an admin does to other operators (disable, role, password and authenticator resets, sessions, the
 * customer accounts an operator holds), the steps an operator is held to at sign-in, and the password policy.
 */
let h: Harness;
let site: OpsSite;
let admin: string;
let customer: FundedUser;

const as = (cookie: string) => ({ cookie });
const token = { "ops-token": OPS_TOKEN };

async function operator(username: string, role: OpsRole): Promise<string> {
  await createOperator(h.database.db, { username, role, password: OPERATOR_PASSWORD }, h.clock.now);
  return signedIn(site, username);
}

/** A sign-in as the console sends it: the cookie, and the step still owed. */
async function signIn(username: string, password: string, code?: string) {
  h.clock.now += 30;
  const reply = await send(h.app, "POST", "/api/ops/login", { username, password, ...(code ? { code } : {}) });
  return { ...reply, cookie: reply.setCookie.split(";")[0]! };
}

const codeOf = async (username: string) => totpCode(username, await totpSecretOf(h.database.db, username), h.clock.now);

const listed = async (username: string) =>
  (await api(h, opsPaths.listOperators, {}, as(admin))).body.data.find((row) => row.username === username)!;

beforeAll(async () => {
  h = await startHarness();
  site = { kind: "pglite", apps: [h.app], db: h.database.db, clock: h.clock, close: () => h.close() };
  admin = await operator("chief", "admin");
  // withdrawals at any hour, so the review test does not depend on the clock
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  customer = await fundedUser(h, "heldcust01");
}, 120_000);
afterAll(() => h?.close());

describe("disabling an operator", () => {
  it("ends their sessions at once, refuses their sign-in, and enabling lets them back", async () => {
    const cookie = await operator("dora", "finance");
    expect((await api(h, opsPaths.operatorMe, {}, as(cookie))).body.data.username).toBe("dora");
    const off = await api(h, opsPaths.setOperatorEnabled, { username: "dora", enabled: "0" }, as(admin));
    expect(off.body.data).toMatchObject({ username: "dora", disabled: true, sessions: 0 });
    expect((await api(h, opsPaths.operatorMe, {}, as(cookie))).body.err).toBe("ops_forbidden");
    const refused = await signIn("dora", OPERATOR_PASSWORD, await codeOf("dora"));
    expect(refused.body.err).toBe("ops_login_failed");
    expect(refused.setCookie).toBe("");
    await api(h, opsPaths.setOperatorEnabled, { username: "dora", enabled: "1" }, as(admin));
    expect((await signIn("dora", OPERATOR_PASSWORD, await codeOf("dora"))).body.code).toBe(1);
    const audit = (await api(h, opsPaths.auditLog, { action: "POST /api/ops/operator/enabled" }, as(admin))).body.data.items;
    expect(audit[1]).toMatchObject({ actor: "chief", before: { disabled: false }, after: { disabled: true } });
    expect(audit[0]!.target).toBe(audit[1]!.target);
  });

  it("refuses an admin disabling, re-roling or resetting themselves, and the machine token managing anyone", async () => {
    expect((await api(h, opsPaths.setOperatorEnabled, { username: "CHIEF", enabled: "0" }, as(admin))).body.err).toBe("ops_not_self");
    expect((await api(h, opsPaths.setOperatorRole, { username: "chief", role: "finance" }, as(admin))).body.err).toBe("ops_not_self");
    // the page offers none of these on the admin's own row; the server refuses them all the same
    expect((await api(h, opsPaths.resetOpsPassword, { username: "Chief" }, as(admin))).body.err).toBe("ops_not_self");
    expect((await api(h, opsPaths.resetOperatorTotp, { username: "chief" }, as(admin))).body.err).toBe("ops_not_self");
    expect((await api(h, opsPaths.operatorMe, {}, as(admin))).body.data.username).toBe("chief");
    for (const [path, fields] of [
      [opsPaths.setOperatorEnabled, { username: "dora", enabled: "0" }],
      [opsPaths.setOperatorRole, { username: "dora", role: "admin" }],
      [opsPaths.resetOpsPassword, { username: "dora" }],
      [opsPaths.resetOperatorTotp, { username: "dora" }],
      [opsPaths.endOperatorSessions, { username: "dora" }],
      [opsPaths.setOperatorCustomer, { username: "dora", account: customer.account, linked: "1" }],
      [opsPaths.addOperator, { username: "tokenmade", role: "admin" }],
    ] as const) {
      expect((await api(h, path, fields, token)).body.err, path.path).toBe("ops_person_required");
    }
    expect((await listed("dora")).disabled).toBe(false);
  });

  it("never leaves the desk without an active admin, even when two admins act on each other at once", async () => {
    await operator("second", "admin");
    const [second] = await h.database.db.select().from(operators).where(eq(operators.username, "second"));
    // "chief" disables "second" while "second" disables "chief": whichever comes later finds no other admin
    await api(h, opsPaths.setOperatorEnabled, { username: "second", enabled: "0" }, as(admin));
    const midFlight = { id: second!.id, username: "second", role: "admin" as const };
    await expect(
      h.database.db.transaction((tx) => setOperatorEnabled(tx, midFlight, { username: "chief", enabled: false }, h.clock.now)),
    ).rejects.toMatchObject({ key: "ops_last_admin" });
    await expect(
      h.database.db.transaction((tx) => setOperatorRole(tx, midFlight, { username: "chief", role: "support" }, h.clock.now)),
    ).rejects.toMatchObject({ key: "ops_last_admin" });
    expect(await listed("chief")).toMatchObject({ disabled: false, role: "admin" });
  });
});

describe("changing a role", () => {
  it("takes effect on the operator's open session at once", async () => {
    const cookie = await operator("rolf", "finance");
    expect((await api(h, opsPaths.listRecharges, {}, as(cookie))).body.code).toBe(1);
    const changed = await api(h, opsPaths.setOperatorRole, { username: "rolf", role: "content" }, as(admin));
    expect(changed.body.data.role).toBe("content");
    expect((await api(h, opsPaths.listRecharges, {}, as(cookie))).body.err).toBe("ops_role_forbidden");
    expect((await api(h, opsPaths.operatorMe, {}, as(cookie))).body.data.role).toBe("content");
  });
});

describe("a password reset", () => {
  it("answers a temporary password once, ends the sessions, and holds the next sign-in to a new password under the policy", async () => {
    const old = await operator("pia", "support");
    const reset = await api(h, opsPaths.resetOpsPassword, { username: "pia" }, as(admin));
    const temporary = reset.body.data.password;
    expect(temporary).toHaveLength(16);
    expect((await api(h, opsPaths.operatorMe, {}, as(old))).body.err).toBe("ops_forbidden");
    expect((await signIn("pia", OPERATOR_PASSWORD, await codeOf("pia"))).body.err).toBe("ops_login_failed");
    const held = await signIn("pia", temporary, await codeOf("pia"));
    expect(held.body.data).toEqual({ username: "pia", role: "support", pending: "password" });
    // the session reaches only its steps until the password is set
    expect((await api(h, opsPaths.smsOutbox, {}, as(held.cookie))).body.err).toBe("ops_step_required");
    expect((await api(h, opsPaths.operatorMe, {}, as(held.cookie))).body.data.pending).toBe("password");
    const change = (password: string, currentPassword = temporary) =>
      api(h, opsPaths.changeOwnPassword, { currentPassword, password }, as(held.cookie));
    expect((await change("new-pass-long-enough", "not-the-current-1")).body.err).toBe("ops_login_failed");
    expect((await change("short-pass")).body.err).toBe("ops_password_short");
    expect((await change("my-name-is-PIA-ok")).body.err).toBe("ops_password_has_name");
    expect((await change("Password1234")).body.err).toBe("ops_password_common");
    expect((await change(temporary)).body.err).toBe("ops_password_reused");
    // the one set before the reset is one of the last five
    expect((await change(OPERATOR_PASSWORD)).body.err).toBe("ops_password_reused");
    const done = await change("a fresh passphrase 7");
    expect(done.body.data).toMatchObject({ username: "pia", pending: null });
    expect((await api(h, opsPaths.smsOutbox, {}, as(held.cookie))).body.code).toBe(1);
    const audit = (await api(h, opsPaths.auditLog, { action: "POST /api/ops/operator/password" }, as(admin))).body.data.items[0];
    expect(audit!.after).toMatchObject({ password: "***" });
    expect(JSON.stringify(audit)).not.toContain(temporary);
    expect(
      JSON.stringify((await api(h, opsPaths.auditLog, { action: "POST /api/ops/me/password" }, as(admin))).body.data.items),
    ).not.toContain("a fresh passphrase 7");
  });

  it("holds the first admin's setup to the policy too", async () => {
    const fresh = await startHarness();
    try {
      const code = (await issueSetupCode(fresh.database.db))!;
      const setup = (password: string) => api(fresh, opsPaths.operatorSetup, { setupCode: code, username: "rootadmin", password });
      expect((await setup("rootadmin-2027")).body.err).toBe("ops_password_has_name");
      expect((await setup("qwertyuiop123")).body.err).toBe("ops_password_common");
      expect((await setup("eleven-char")).body.err).toBe("ops_password_short");
    } finally {
      await fresh.close();
    }
  });
});

describe("authenticators", () => {
  it("are asked of every role", async () => {
    await createOperator(h.database.db, { username: "sandy", role: "support", password: OPERATOR_PASSWORD }, h.clock.now);
    expect((await signIn("sandy", OPERATOR_PASSWORD)).body.err).toBe("ops_login_failed");
    expect((await signIn("sandy", OPERATOR_PASSWORD, await codeOf("sandy"))).body.code).toBe(1);
  });

  it("after a reset, the next sign-in enrols a new one before anything else", async () => {
    const old = await operator("toni", "content");
    const oldSecret = await totpSecretOf(h.database.db, "toni");
    expect((await api(h, opsPaths.resetOperatorTotp, { username: "toni" }, as(admin))).body.data.mustEnrolTotp).toBe(true);
    expect((await api(h, opsPaths.operatorMe, {}, as(old))).body.err).toBe("ops_forbidden");
    const held = await signIn("toni", OPERATOR_PASSWORD);
    expect(held.body.data.pending).toBe("totp");
    expect((await api(h, opsPaths.listContentItems, {}, as(held.cookie))).body.err).toBe("ops_step_required");
    const started = await api(h, opsPaths.startTotpEnrolment, {}, as(held.cookie));
    const uri = URI.parse(started.body.data.otpauth);
    expect((await totpSecretOf(h.database.db, "toni")) === oldSecret).toBe(false);
    expect((await api(h, opsPaths.confirmTotp, { code: "000000" }, as(held.cookie))).body.err).toBe("ops_code_wrong");
    const code = uri.generate({ timestamp: h.clock.now * 1000 });
    const confirmed = await api(h, opsPaths.confirmTotp, { code }, as(held.cookie));
    expect(confirmed.body.data.pending).toBeNull();
    expect((await api(h, opsPaths.listContentItems, {}, as(held.cookie))).body.code).toBe(1);
    // now the password alone is not enough, and the new authenticator's code is asked
    expect((await signIn("toni", OPERATOR_PASSWORD)).body.err).toBe("ops_login_failed");
    expect((await signIn("toni", OPERATOR_PASSWORD, uri.generate({ timestamp: h.clock.now * 1000 }))).body.code).toBe(1);
    // an enrolled operator cannot move their authenticator to another phone from an open session
    expect((await api(h, opsPaths.startTotpEnrolment, {}, as(held.cookie))).body.err).toBe("ops_totp_enrolled");
    const audited = (await api(h, opsPaths.auditLog, { target: `operator:${(await listed("toni")).id}` }, as(admin))).body.data.items;
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(["POST /api/ops/me/totp", "POST /api/ops/me/totp/confirm", "POST /api/ops/operator/reset-totp"]),
    );
  });
});

describe("a new authenticator", () => {
  it("takes its first code even in the 30-second step the old one was last used in", async () => {
    await operator("tara", "support");
    await api(h, opsPaths.resetOperatorTotp, { username: "tara" }, as(admin));
    // the same step as tara's last sign-in: the clock does not move
    const held = await send(h.app, "POST", "/api/ops/login", { username: "tara", password: OPERATOR_PASSWORD });
    const cookie = held.setCookie.split(";")[0]!;
    const uri = URI.parse((await api(h, opsPaths.startTotpEnrolment, {}, as(cookie))).body.data.otpauth);
    const confirmed = await api(h, opsPaths.confirmTotp, { code: uri.generate({ timestamp: h.clock.now * 1000 }) }, as(cookie));
    expect(confirmed.body.data?.pending, confirmed.body.msg).toBeNull();
  });
});

describe("sessions", () => {
  it("lists an operator's sessions and ends one or all of them", async () => {
    await createOperator(h.database.db, { username: "sess", role: "support", password: OPERATOR_PASSWORD }, h.clock.now);
    const first = await signedIn(site, "sess", "10.1.1.1");
    const second = await signedIn(site, "sess", "10.1.1.2");
    const third = await signedIn(site, "sess", "10.1.1.3");
    const sessions = (await api(h, opsPaths.operatorSessions, { username: "sess" }, as(admin))).body.data;
    expect(sessions.map((s) => s.address)).toEqual(["10.1.1.1", "10.1.1.2", "10.1.1.3"]);
    expect((await listed("sess")).sessions).toBe(3);
    const one = await api(h, opsPaths.endOperatorSessions, { username: "sess", ref: sessions[1]!.ref }, as(admin));
    expect(one.body.data.ended).toBe(1);
    expect((await api(h, opsPaths.operatorMe, {}, as(second))).body.err).toBe("ops_forbidden");
    expect((await api(h, opsPaths.operatorMe, {}, as(first))).body.code).toBe(1);
    expect((await api(h, opsPaths.endOperatorSessions, { username: "sess" }, as(admin))).body.data.ended).toBe(2);
    for (const cookie of [first, third]) expect((await api(h, opsPaths.operatorMe, {}, as(cookie))).body.err).toBe("ops_forbidden");
    expect((await api(h, opsPaths.endOperatorSessions, { username: "sess", ref: sessions[0]!.ref }, as(admin))).body.err).toBe(
      "record_not_found",
    );
  });
});

describe("an operator's own customer account", () => {
  it("cannot be reviewed by that operator: recharge, withdrawal and real-name", async () => {
    const finance = await operator("holder", "finance");
    const support = await operator("holder2", "support");
    for (const name of ["holder", "holder2"]) {
      const linked = await api(h, opsPaths.setOperatorCustomer, { username: name, account: customer.account, linked: "1" }, as(admin));
      expect(linked.body.data.customers).toEqual([customer.account]);
    }
    const recharge = await api(
      h,
      endpoints.recharge,
      { channelId: "1", amount: "200", screenshot: await uploadPng(h, customer.token), requestId: rid("own") },
      { token: customer.token },
    );
    const withdrawal = await api(
      h,
      endpoints.withdraw,
      { requestId: rid("own"), amount: "150", cardId: String(customer.cardId), payPassword: customer.payPassword },
      { token: customer.token },
    );
    expect(withdrawal.body.code, withdrawal.body.msg).toBe(1);
    await api(
      h,
      endpoints.certify,
      { name: "Held Person", idNumber: residentId("19880412", 311), agree: "1", requestId: rid("own") },
      { token: customer.token },
    );
    const verification = (await api(h, opsPaths.listVerifications, {}, as(support))).body.data.items.find(
      (v) => v.account === customer.account,
    )!;
    const reviews = [
      [opsPaths.reviewRecharge, { id: String(recharge.body.data.id), decision: "approve" }, finance],
      [opsPaths.reviewRecharge, { id: String(recharge.body.data.id), decision: "reject", reason: "mine" }, finance],
      [opsPaths.reviewWithdrawal, { id: String(withdrawal.body.data.id), decision: "approve" }, finance],
      [opsPaths.reviewVerification, { id: String(verification.id), decision: "pass" }, support],
    ] as const;
    for (const [path, fields, cookie] of reviews) {
      const refused = await api(h, path, fields, as(cookie));
      expect(refused.body.err, path.path).toBe("ops_own_customer");
      expect(refused.status).toBe(403);
    }
    // another operator may; and once unlinked, so may the holder
    await api(h, opsPaths.setOperatorCustomer, { username: "holder", account: customer.account, linked: "0" }, as(admin));
    expect((await listed("holder")).customers).toEqual([]);
    expect((await api(h, opsPaths.reviewWithdrawal, reviews[2][1], as(finance))).body.code).toBe(1);
    expect((await api(h, opsPaths.reviewVerification, { id: String(verification.id), decision: "pass" }, as(admin))).body.code).toBe(1);
  });

  it("is declared by its holder but only another admin may remove the link", async () => {
    const mine = await api(h, opsPaths.setOperatorCustomer, { username: "chief", account: customer.account, linked: "1" }, as(admin));
    expect(mine.body.data.customers).toEqual([customer.account]);
    // unlinking oneself would let the holder review their own account again
    const refused = await api(h, opsPaths.setOperatorCustomer, { username: "Chief", account: customer.account, linked: "0" }, as(admin));
    expect(refused.body.err).toBe("ops_not_self");
    expect((await listed("chief")).customers).toEqual([customer.account]);
    const other = await operator("otheradmin", "admin");
    await api(h, opsPaths.setOperatorCustomer, { username: "chief", account: customer.account, linked: "0" }, as(other));
    expect((await listed("chief")).customers).toEqual([]);
  });

  it("refuses a link to an account that does not exist", async () => {
    expect(
      (await api(h, opsPaths.setOperatorCustomer, { username: "holder", account: "nobody-here-9", linked: "1" }, as(admin))).body.err,
    ).toBe("user_not_found");
  });
});

describe("a real-name review of an id that does not exist", () => {
  it("answers not found, not already reviewed", async () => {
    const answer = await api(h, opsPaths.reviewVerification, { id: "987654", decision: "pass" }, as(admin));
    expect(answer.body.err).toBe("record_not_found");
  });
});
