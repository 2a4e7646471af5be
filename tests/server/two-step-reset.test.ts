import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { twoStepResetNotice } from "#contract/catalogue";
import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { customerRecoveryCodes, customerTotp, messages, opsAudit, users } from "#server/db/schema";
import { translate } from "#server/http/i18n";
import { totpCode } from "#server/modules/totp/totp";

import { api, type Harness, OPS_TOKEN, registerUser, startHarness } from "./harness";
import { staff } from "./staff";

/**
 * Support's switching off of a customer's two-step sign-in after a lost phone: one person proposes it with a
 * reason, a different person applies it (the authenticator and recovery codes go, every session ends, the
 * customer is told in their language, each step audited); the proposer cannot apply, nothing applies twice,
 * and a customer without two-step sign-in is refused plainly.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(() => h?.close());

const PASSWORD = "login123";
let n = 0;

/** A customer with two-step sign-in on, reading the app in `language`. */
async function customerWithTwoStep(language = "en") {
  const account = `tsreset${n++}`;
  const { token } = await registerUser(h, account, PASSWORD, "fund1234");
  expect((await api(h, endpoints.setLanguage, { lang: language }, { token: token! })).body.code).toBe(1);
  const setup = await api(h, endpoints.totpSetup, {}, { token: token! });
  const enabled = await api(h, endpoints.totpEnable, { code: totpCode(setup.body.data.secret, h.clock.now) }, { token: token! });
  expect(enabled.body.code, enabled.body.msg).toBe(1);
  return { account, token: token! };
}

const alice = () => staff(h, "support", "support-alice");
const bob = () => staff(h, "support", "support-bob");

const propose = async (account: string, who = alice()) =>
  api(h, opsEndpoints.proposeTwoStepReset, { account, reason: "Lost phone; identity checked by video call" }, await who);
const apply = async (id: number, who = bob()) => api(h, opsEndpoints.applyTwoStepReset, { id: String(id) }, await who);

const userId = async (account: string) => (await h.database.db.select().from(users).where(eq(users.account, account)))[0]!.id;

const login = (account: string) =>
  h.app
    .inject({
      method: "POST",
      url: endpoints.login.path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ account, password: PASSWORD }).toString(),
    })
    .then((response) => response.json() as { code: number; err?: string });

const auditOf = async (path: string, target: string) =>
  h.database.db
    .select()
    .from(opsAudit)
    .where(and(eq(opsAudit.action, `POST ${path}`), eq(opsAudit.target, target)));

describe("switching off a customer's two-step sign-in after a lost phone", () => {
  it("takes a second person: the proposer cannot apply; applying removes the authenticator and codes, ends every session, tells the customer in their language and is audited", async () => {
    const customer = await customerWithTwoStep("de");
    const id = await userId(customer.account);
    expect((await login(customer.account)).err).toBe("totp_required");

    const proposed = await propose(customer.account);
    expect(proposed.body.code, proposed.body.msg).toBe(1);
    expect(proposed.body.data).toMatchObject({ account: customer.account, status: "pending", proposedByName: "support-alice" });
    // a proposal changes nothing yet
    const shown = await api(h, opsEndpoints.customerTwoStep, { account: customer.account }, await bob());
    expect(shown.body.data).toMatchObject({ on: true, pending: { id: proposed.body.data.id } });
    expect((await api(h, endpoints.sessions, {}, { token: customer.token })).body.code).toBe(1);

    const byProposer = await apply(proposed.body.data.id, alice());
    expect(byProposer.body.err).toBe("second_approval_required");
    expect((await h.database.db.select().from(customerTotp).where(eq(customerTotp.userId, id))).length).toBe(1);

    const applied = await apply(proposed.body.data.id);
    expect(applied.body.code, applied.body.msg).toBe(1);
    expect(applied.body.data).toMatchObject({ status: "applied", decidedByName: "support-bob" });

    expect(await h.database.db.select().from(customerTotp).where(eq(customerTotp.userId, id))).toEqual([]);
    expect(await h.database.db.select().from(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, id))).toEqual([]);
    // every session ended: the old token is refused, and the password alone signs in again
    expect((await api(h, endpoints.sessions, {}, { token: customer.token })).body.code).toBe(401);
    expect((await login(customer.account)).code).toBe(1);
    expect((await api(h, opsEndpoints.customerTwoStep, { account: customer.account }, await bob())).body.data).toEqual({
      account: customer.account,
      on: false,
      pending: null,
    });

    const [message] = await h.database.db.select().from(messages).where(eq(messages.userId, id));
    const germanTitle = translate("de", twoStepResetNotice.title);
    expect(germanTitle).not.toBe(twoStepResetNotice.title.message);
    expect(message!.title).toBe(germanTitle);
    expect(message!.body).toBe(
      translate("de", twoStepResetNotice.body, { time: new Date(h.clock.now * 1000).toISOString().slice(0, 16).replace("T", " ") }),
    );

    const target = `user:${id}`;
    const proposals = await auditOf(opsEndpoints.proposeTwoStepReset.path, target);
    expect(proposals.map((row) => row.actor)).toEqual(["support-alice"]);
    const applications = await auditOf(opsEndpoints.applyTwoStepReset.path, target);
    expect(applications.map((row) => row.actor)).toEqual(["support-bob"]);
    expect(JSON.parse(applications[0]!.after!)).toMatchObject({ status: "applied" });
  });

  it("applies once: a second application, or one after a cancel, is refused", async () => {
    const customer = await customerWithTwoStep();
    const first = await propose(customer.account);
    expect((await apply(first.body.data.id)).body.code).toBe(1);
    const again = await apply(first.body.data.id, staff(h, "admin", "admin-carol"));
    expect(again.body.err).toBe("already_reviewed");

    // another customer's proposal, cancelled: it can no longer be applied
    const other = await customerWithTwoStep();
    const second = await propose(other.account);
    const cancelled = await api(h, opsEndpoints.cancelTwoStepReset, { id: String(second.body.data.id) }, await alice());
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", decidedByName: "support-alice" });
    expect((await apply(second.body.data.id)).body.err).toBe("already_reviewed");
    expect((await login(other.account)).err).toBe("totp_required");
  });

  it("keeps one proposal waiting per customer", async () => {
    const customer = await customerWithTwoStep();
    expect((await propose(customer.account)).body.code).toBe(1);
    const twice = await propose(customer.account, bob());
    expect(twice.body.err).toBe("two_step_reset_pending");
  });

  it("refuses a customer without two-step sign-in plainly, and leaves no proposal", async () => {
    const account = `tsnone${n++}`;
    await registerUser(h, account, PASSWORD, "fund1234");
    const refused = await propose(account);
    expect(refused.body).toMatchObject({ code: 0, err: "customer_two_step_off" });
    expect(refused.body.msg).toContain("not turned on two-step sign-in");
    expect((await api(h, opsEndpoints.customerTwoStep, { account }, await alice())).body.data.pending).toBeNull();
  });

  it("is support's and admin's, and a person's: finance and the machine token are refused", async () => {
    const customer = await customerWithTwoStep();
    const byFinance = await propose(customer.account, staff(h, "finance", "finance-dave"));
    expect(byFinance.body.err).toBe("ops_role_forbidden");
    const byToken = await api(
      h,
      opsEndpoints.proposeTwoStepReset,
      { account: customer.account, reason: "Lost phone" },
      { "ops-token": OPS_TOKEN },
    );
    expect(byToken.body.err).toBe("ops_person_required");
  });
});
