import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";

import { api, freshPhone, type Harness, registerUser, rid, startHarness } from "./harness";
import { registrationForm } from "./registration-form";
import { residentId } from "./resident-ids";
import { uploadPng } from "./security/funded-user";
import { opsCall } from "./staff";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let n = 0;
const account = (prefix: string) => `${prefix}${Date.now() % 100_000}${n++}`;

async function newInviter() {
  const token = (await registerUser(h, account("host")))!.token!;
  const code = (await api(h, "GET", "/api/user/index", {}, { token })).body.data.inviteCode as string;
  return { token, code };
}

async function invitee(inviteCode: string) {
  const phone = freshPhone();
  await api(h, "POST", "/api/login/sendsms", { phone });
  const form = registrationForm({
    account: account("guest"),
    password: "secret123",
    payPassword: "pay12345",
    phone,
    smsCode: h.sentSms.at(-1)!.code,
  });
  const answer = await api(h, endpoints.register, { ...form, inviteCode });
  h.clock.now += 61;
  return answer.body.data.token as string;
}

let idSequence = 100;
async function verify(token: string) {
  const idNumber = residentId("19880808", idSequence++);
  await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Guest Lee", idNumber, agree: "1" }, { token });
  const pending = (await opsCall(h, "GET", "/api/ops/verifications")).body.data.items.find(
    (v: { idNumber: string }) => v.idNumber === idNumber,
  );
  return opsCall(h, "POST", "/api/ops/verification/review", { id: String(pending.id), decision: "pass" });
}

async function recharge(token: string, amount = "100") {
  const channel = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
  const submitted = await api(
    h,
    "POST",
    "/api/user/dorecharge",
    { requestId: rid(), channelId: String(channel), amount, screenshot: await uploadPng(h, token) },
    { token },
  );
  return submitted.body.data.id as number;
}
const approve = (id: number) => opsCall(h, "POST", "/api/ops/recharge/review", { id: String(id), decision: "approve" });

async function bonusOf(token: string) {
  const info = (await api(h, "GET", "/api/user/invite", {}, { token })).body.data;
  const cash = (await api(h, "GET", "/api/user/index", {}, { token })).body.data.cash as string;
  return { total: info.bonusTotal as string, policy: info.bonusPolicy as string, perFriend: info.bonusPerInvitee as string, cash };
}

async function ledgerRows(reference: string) {
  const result = (await h.database.db.execute(
    `select count(*)::int n from ledger where reason = 'invite_bonus' and reference = '${reference}'` as never,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}
const inviteeId = async (token: string) => (await api(h, "GET", "/api/user/index", {}, { token })).body.data.id as number;

describe("the invite bonus is paid once per invitee at the operator's chosen moment", () => {
  it("the operator setting is stored and shown on the invite page; an unknown policy is refused", async () => {
    for (const policy of ["sometimes", "registration"])
      expect((await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "3", policy })).body.err, policy).toBe("invalid_input");
    const set = await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "3", policy: "verification" });
    expect(set.body.data).toEqual({ bonusPerInvitee: "3.00", policy: "verification" });
    // the amount alone keeps the policy
    expect((await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "4" })).body.data).toEqual({
      bonusPerInvitee: "4.00",
      policy: "verification",
    });
    const { token } = await newInviter();
    expect(await bonusOf(token)).toMatchObject({ policy: "verification", perFriend: "4.00", total: "0.00" });
  });

  it("the bonus has a ceiling of 1 000 U; a refused setting leaves the bonus as it was", async () => {
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "8", policy: "first_recharge" });
    for (const amount of ["999999999999.99", "1000.01"]) {
      const refused = await opsCall(h, "POST", "/api/ops/invite-bonus", { amount });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 0, err: "amount_too_large", msg: "Amount can be at most 1,000.00\u00a0U" });
    }
    const { token } = await newInviter();
    expect(await bonusOf(token)).toMatchObject({ policy: "first_recharge", perFriend: "8.00" });
    expect((await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "1000" })).body.data).toEqual({
      bonusPerInvitee: "1000.00",
      policy: "first_recharge",
    });
  });

  it("never at registration, whatever was stored: a policy saved before the rule pays at verification", async () => {
    await h.database.db.execute(
      `insert into settings (key, value) values ('invite_bonus_policy', 'registration') on conflict (key) do update set value = 'registration'` as never,
    );
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "5" });
    const inviter = await newInviter();
    const guest = await invitee(inviter.code);
    expect(await bonusOf(inviter.token)).toMatchObject({ policy: "verification", total: "0.00", cash: "0.00" });
    expect((await verify(guest)).body.code).toBe(1);
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "5.00", cash: "5.00" });
    expect(await ledgerRows(`invitee:${await inviteeId(guest)}`)).toBe(1);
  });

  it("after real-name approval: nothing at registration, paid at the approval in its transaction", async () => {
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "6", policy: "verification" });
    const inviter = await newInviter();
    const guest = await invitee(inviter.code);
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "0.00", cash: "0.00" });
    await approve(await recharge(guest));
    expect((await bonusOf(inviter.token)).total).toBe("0.00");
    expect((await verify(guest)).body.code).toBe(1);
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "6.00", cash: "6.00" });
    // switching to first recharge afterwards: the next approved recharge pays nothing more
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "6", policy: "first_recharge" });
    await approve(await recharge(guest));
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "6.00", cash: "6.00" });
    expect(await ledgerRows(`invitee:${await inviteeId(guest)}`)).toBe(1);
  });

  it("after the first approved recharge: nothing at registration or verification, once at the first approval", async () => {
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "7", policy: "first_recharge" });
    const inviter = await newInviter();
    const guest = await invitee(inviter.code);
    await verify(guest);
    expect((await bonusOf(inviter.token)).total).toBe("0.00");
    const first = await recharge(guest);
    const second = await recharge(guest);
    // the same approval twice and both recharges approved at once
    await Promise.all([approve(first), approve(first), approve(second)]);
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "7.00", cash: "7.00" });
    await approve(await recharge(guest));
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "7.00", cash: "7.00" });
    expect(await ledgerRows(`invitee:${await inviteeId(guest)}`)).toBe(1);
    expect((await opsCall(h, "GET", "/api/ops/reconcile")).body.data.ok).toBe(true);
  });

  it("after the first approved recharge of an invitee not yet verified: paid once, at the later verification", async () => {
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "9", policy: "first_recharge" });
    const inviter = await newInviter();
    const guest = await invitee(inviter.code);
    await approve(await recharge(guest));
    expect((await bonusOf(inviter.token)).total).toBe("0.00");
    expect((await verify(guest)).body.code).toBe(1);
    expect(await bonusOf(inviter.token)).toMatchObject({ total: "9.00", cash: "9.00" });
    await approve(await recharge(guest));
    expect(await ledgerRows(`invitee:${await inviteeId(guest)}`)).toBe(1);
  });

  it("the database refuses a second bonus row for one invitee", async () => {
    const insert = `insert into ledger (user_id, account, delta, reason, reference, created_at) values (1, 'cash', 1, 'invite_bonus', 'invitee:999999', 0)`;
    await h.database.db.execute(insert as never);
    await expect(h.database.db.execute(insert as never)).rejects.toThrow();
    await h.database.db.execute(`delete from ledger where reference = 'invitee:999999'` as never);
  });
});
