import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, registerUser, rid, snapshot, startHarness } from "./harness";
import { passRealName } from "./real-name";
import { residentId, residentIdEndingInX } from "./resident-ids";
import { opsCall } from "./staff";

const ANN = residentIdEndingInX("19900101");
const ANN_AGAIN = residentId("19850505", 2);
const CY = residentId("19771231", 3);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
let n = 0;
const newUser = async () => (await registerUser(h, `mine${Date.now() % 1_000_000}${n++}`)).token!;

describe("real-name verification", () => {
  it("submitted → review → passed; then verified and no second verification", async () => {
    const token = await newUser();
    expect((await api(h, "GET", "/api/user/certification", {}, { token })).body.data.status).toBe("none");
    const noTick = await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Ann Lee", idNumber: ANN }, { token });
    expect(noTick.body).toMatchObject({ err: "agreement_required", msg: "Please read and tick the agreement" });
    const submitted = await api(
      h,
      "POST",
      "/api/user/certification",
      { requestId: rid(), name: "Ann Lee", idNumber: ANN, agree: "1" },
      { token },
    );
    expect(submitted.body).toMatchObject({
      code: 1,
      msg: "Submitted, waiting for review",
      data: { status: "review", idNumber: `${ANN.slice(0, 3)}******${ANN.slice(-3)}` },
    });
    expect(
      (await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Ann Lee", idNumber: ANN, agree: "1" }, { token })).body
        .err,
    ).toBe("verification_pending");
    const pending = (await opsCall(h, "GET", "/api/ops/verifications")).body.data.items.find(
      (v: { idNumber: string }) => v.idNumber === ANN,
    );
    await opsCall(h, "POST", "/api/ops/verification/review", { id: String(pending.id), decision: "pass" });
    expect((await api(h, "GET", "/api/user/index", {}, { token })).body.data).toMatchObject({ verified: true, name: "Ann Lee" });
    const again = await api(
      h,
      "POST",
      "/api/user/certification",
      { requestId: rid(), name: "Ann Lee", idNumber: ANN_AGAIN, agree: "1" },
      { token },
    );
    expect(again.body).toMatchObject({ err: "already_verified", msg: "Already verified, do not verify again" });
    const other = await newUser();
    const reused = await api(
      h,
      "POST",
      "/api/user/certification",
      { requestId: rid(), name: "Bo Chan", idNumber: ANN.toLowerCase(), agree: "1" },
      { token: other },
    );
    expect(reused.body).toMatchObject({ err: "id_number_exists", msg: "ID number already exists" });
  });

  it("refuses a wrong name or ID number, and a refused request can be corrected", async () => {
    const token = await newUser();
    const before = await snapshot(h);
    expect(
      (await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "1234", idNumber: CY, agree: "1" }, { token })).body,
    ).toMatchObject({ err: "wrong_name", msg: "Wrong name" });
    expect(
      (await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Cy Ng", idNumber: "12-34", agree: "1" }, { token })).body,
    ).toMatchObject({ err: "wrong_id_number", msg: "Wrong ID number" });
    expect(await snapshot(h)).toBe(before);
    await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Cy Ng", idNumber: CY, agree: "1" }, { token });
    const pending = (await opsCall(h, "GET", "/api/ops/verifications")).body.data.items.find(
      (v: { idNumber: string }) => v.idNumber === CY,
    );
    await opsCall(h, "POST", "/api/ops/verification/review", { id: String(pending.id), decision: "refuse", reason: "photo unreadable" });
    expect((await api(h, "GET", "/api/user/certification", {}, { token })).body.data).toMatchObject({
      status: "refused",
      reason: "photo unreadable",
    });
    expect(
      (await api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Cy Ng", idNumber: CY, agree: "1" }, { token })).body.code,
    ).toBe(1);
  });
});

describe("messages", () => {
  it("shows personal and broadcast messages with read flags and the unread count; opening marks read", async () => {
    const token = await newUser();
    const account = (await api(h, "GET", "/api/user/index", {}, { token })).body.data.account;
    await opsCall(h, "POST", "/api/ops/message", { account, title: "Welcome", body: "Hello and welcome" });
    await opsCall(h, "POST", "/api/ops/message", { title: "Maintenance", body: "Sunday 02:00", type: "notice" });
    const list = (await api(h, "GET", "/api/user/msg", {}, { token })).body.data;
    expect(list.items.slice(0, 2).map((m: { title: string; read: boolean }) => [m.title, m.read])).toEqual([
      ["Maintenance", false],
      ["Welcome", false],
    ]);
    const unread = list.unread;
    expect((await api(h, "GET", "/api/user/index", {}, { token })).body.data.unreadMessages).toBe(unread);
    const read = await api(h, "POST", "/api/user/msg", { id: String(list.items[1].id) }, { token });
    expect(read.body.data).toMatchObject({ read: true, unread: unread - 1 });
    const other = await newUser();
    expect((await api(h, "POST", "/api/user/msg", { id: String(list.items[1].id) }, { token: other })).body.err).toBe("message_not_found");
  });
});

describe("invitation", () => {
  it("counts invitees for good and pays the operator's bonus per verified invitee with a ledger row", async () => {
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "5" });
    const inviter = await newUser();
    const me = (await api(h, "GET", "/api/user/index", {}, { token: inviter })).body.data;
    const guests: string[] = [];
    for (let i = 0; i < 2; i++) {
      const phone = `137${Date.now() % 100000000}`.slice(0, 11);
      await api(h, "POST", "/api/login/sendsms", { phone });
      const registered = await api(h, "POST", "/api/login/reg", {
        account: `guest${Date.now() % 100000}${i}`,
        password: "secret123",
        password2: "secret123",
        payPassword: "pay12345",
        payPassword2: "pay12345",
        eligible: "1",
        phone,
        smsCode: h.sentSms.at(-1)!.code,
        inviteCode: me.inviteCode,
      });
      guests.push(registered.body.data.token);
      h.clock.now += 61;
    }
    // registering pays nothing: each invitee's passed real-name verification does
    expect((await api(h, "GET", "/api/user/invite", {}, { token: inviter })).body.data).toMatchObject({
      inviteeCount: 2,
      bonusTotal: "0.00",
    });
    for (const guest of guests) expect((await passRealName(h, guest, "Guest Lee")).body.code).toBe(1);
    const info = (await api(h, "GET", "/api/user/invite", {}, { token: inviter })).body.data;
    expect(info).toMatchObject({ code: me.inviteCode, inviteeCount: 2, bonusTotal: "10.00", bonusPerInvitee: "5.00" });
    expect(info.records[0].account).toMatch(/\*/);
    expect((await api(h, "GET", "/api/user/index", {}, { token: inviter })).body.data.cash).toBe("10.00");
    await opsCall(h, "POST", "/api/ops/invite-bonus", { amount: "0" });
    expect((await opsCall(h, "GET", "/api/ops/reconcile")).body.data.ok).toBe(true);
  });

  it("gives the platform's support channels for the customer service page", async () => {
    const info = (await api(h, "GET", "/api/index/info")).body.data;
    expect(info.support.length).toBeGreaterThan(0);
    expect(info.languages).toHaveLength(10);
  });
});
