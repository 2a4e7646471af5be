import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { customerSignIns, users } from "#server/db/schema";

import { api, freshPhone, placeOrder, productId, rid } from "./harness";
import { makePng, uploadFile } from "./images";
import { registrationForm } from "./registration-form";
import { residentId } from "./resident-ids";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { anyHourMoneyPerFile, staff } from "./staff";

/**
 * The warnings on the review screens and the customer page: the same receipt bytes uploaded by someone else,
 * several accounts on one device id or address, and money withdrawn without trading since it was recharged.
 * Each names what it saw; none stops a review.
 */
const site = anyHourMoneyPerFile();

/** Registers as the app does, sending the device id header the app keeps, from `address`. */
async function register(account: string, deviceId?: string, address = "127.0.0.1") {
  const phone = freshPhone();
  await api(site.h, endpoints.sendSms, { phone });
  const code = site.h.sentSms.at(-1)!.code;
  const fields = registrationForm({ account, password: "login123", payPassword: "fund1234", phone, smsCode: code });
  const response = await site.h.app.inject({
    method: "POST",
    url: endpoints.register.path,
    remoteAddress: address,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(deviceId ? { "device-id": deviceId } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
  const body = response.json();
  if (body.code !== 1) throw new Error(`registration of ${account} failed: ${body.msg}`);
  return { token: body.data.token as string, id: body.data.user.id as number };
}

async function login(account: string, address: string, deviceId?: string) {
  const response = await site.h.app.inject({
    method: "POST",
    url: endpoints.login.path,
    remoteAddress: address,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(deviceId ? { "device-id": deviceId } : {}) },
    payload: new URLSearchParams({ account, password: "login123" }).toString(),
  });
  expect(response.json().code).toBe(1);
}

const signalsOf = <T extends { signals: Array<{ kind: string }> }>(row: T | undefined, kind: string) =>
  (row?.signals ?? []).filter((signal) => signal.kind === kind);

describe("the same receipt on more than one recharge", () => {
  it("names the other customer who uploaded the bytes, on the recharge row, and leaves the review open", async () => {
    const bytes = makePng(6, 6);
    const first = await register("receipt01");
    const upload = await uploadFile(site.h, first.token, bytes);
    const channelId = (await api(site.h, endpoints.rechargeInfo, {}, { token: first.token })).body.data.channels[0]!.id;
    const recharge = await api(
      site.h,
      endpoints.recharge,
      { channelId: String(channelId), amount: "300", screenshot: upload.body.data.url, requestId: rid() },
      { token: first.token },
    );
    expect(recharge.body.code).toBe(1);
    const finance = await staff(site.h, "finance");
    const clean = (await api(site.h, opsEndpoints.listRecharges, {}, finance)).body.data.items.find(
      (row: { id: number }) => row.id === recharge.body.data.id,
    );
    expect(signalsOf(clean, "same_receipt")).toEqual([]);

    const second = await register("receipt02");
    const copy = await uploadFile(site.h, second.token, bytes);
    const refused = await api(
      site.h,
      endpoints.recharge,
      { channelId: String(channelId), amount: "300", screenshot: copy.body.data.url, requestId: rid() },
      { token: second.token },
    );
    expect(refused.body.err).toBe("screenshot_used");

    const queue = (await api(site.h, opsEndpoints.listRecharges, {}, finance)).body.data.items;
    const row = queue.find((candidate: { id: number }) => candidate.id === recharge.body.data.id);
    expect(signalsOf(row, "same_receipt")).toEqual([
      {
        kind: "same_receipt",
        uploads: [{ uploadId: expect.any(Number), customer: { id: second.id, account: "receipt02" }, rechargeId: null }],
      },
    ]);
    // on the customer page as well
    const detail = await api(site.h, opsEndpoints.userDetail, { id: String(first.id) }, finance);
    expect(signalsOf(detail.body.data, "same_receipt")).toHaveLength(1);
    // a warning, not a refusal: the recharge is still approved by a person
    const approved = await api(site.h, opsEndpoints.reviewRecharge, { id: String(recharge.body.data.id), decision: "approve" }, finance);
    expect(approved.body.code, approved.body.msg).toBe(1);
  });
});

describe("several accounts on one device or address", () => {
  it("names the other accounts of a device id, on the real-name queue and the customer page", async () => {
    const device = "5f0c1e9a-7d2b-4c3e-9a41-000000000001";
    const one = await register("device01", device, "198.51.100.1");
    const two = await register("device02", device, "198.51.100.2");
    const apart = await register("device03", "5f0c1e9a-7d2b-4c3e-9a41-000000000002", "198.51.100.3");
    const certified = await api(
      site.h,
      endpoints.certify,
      { name: "Device One", idNumber: residentId("19900307", 611), agree: "1", requestId: rid("cert") },
      { token: one.token },
    );
    expect(certified.body.code, certified.body.msg).toBe(1);
    const queue = (await api(site.h, opsEndpoints.listVerifications, {}, await staff(site.h, "support"))).body.data.items;
    const row = queue.find((candidate: { account: string }) => candidate.account === "device01");
    expect(signalsOf(row, "shared_device")).toEqual([
      { kind: "shared_device", deviceId: device, accounts: [{ id: two.id, account: "device02" }], total: 1 },
    ]);
    const alone = await api(site.h, opsEndpoints.userDetail, { id: String(apart.id) }, await staff(site.h, "support"));
    expect(signalsOf(alone.body.data, "shared_device")).toEqual([]);
    expect(alone.body.data.registration).toMatchObject({
      kind: "register",
      ip: "198.51.100.3",
      deviceId: "5f0c1e9a-7d2b-4c3e-9a41-000000000002",
    });
  });

  it("names the other accounts seen from an address at login, and records a malformed device id as none", async () => {
    const first = await register("address01", undefined, "203.0.113.10");
    await register("address02", undefined, "203.0.113.11");
    await login("address02", "203.0.113.10", "<script>alert(1)</script>");
    const detail = await api(site.h, opsEndpoints.userDetail, { id: String(first.id) }, await staff(site.h, "finance"));
    const shared = signalsOf(detail.body.data, "shared_address");
    expect(shared).toEqual([
      { kind: "shared_address", ip: "203.0.113.10", accounts: [{ id: expect.any(Number), account: "address02" }], total: 1 },
    ]);
    const [address02] = await site.h.database.db.select().from(users).where(eq(users.account, "address02"));
    const seen = await site.h.database.db.select().from(customerSignIns).where(eq(customerSignIns.userId, address02!.id));
    expect(seen.map((row) => [row.kind, row.ip, row.deviceId])).toEqual([
      ["register", "203.0.113.11", null],
      ["login", "203.0.113.10", null],
    ]);
  });
});

/** Asks to withdraw `amount` to the customer's card, as the app does. */
const withdraw = (user: FundedUser, amount: string) =>
  api(
    site.h,
    endpoints.withdraw,
    { amount, cardId: String(user.cardId), payPassword: user.payPassword, requestId: rid() },
    { token: user.token },
  );

describe("deposit then withdraw without trading", () => {
  it("flags a withdrawal when less than the recharged amount was staked since, and not once it was", async () => {
    const idle = await fundedUser(site.h, "passthru01", "2000");
    const asked = await withdraw(idle, "1500");
    expect(asked.body.code, asked.body.msg).toBe(1);

    const trader = await fundedUser(site.h, "passthru02", "1000");
    // the fees come out of cash the customer had before: stakes of 1 000 in all, the recharge's amount
    await site.h.database.db.execute(`update users set cash = cash + 10000 where account = 'passthru02'` as never);
    await site.h.database.db.execute(
      `insert into ledger (user_id, account, delta, reason) select id, 'cash', 10000, 'test_grant' from users where account = 'passthru02'` as never,
    );
    const btc = productId(site.h.feed, "BTCUSDT");
    await site.h.advance(1);
    const first = await placeOrder(site.h, trader.token, btc, { amount: "600" });
    expect(first.body.code).toBe(1);
    await site.h.advance(1);
    const second = await placeOrder(site.h, trader.token, btc, { amount: "400" });
    expect(second.body.code).toBe(1);
    // both settled (once their exit minute's seed is revealed), so their stakes are back in cash
    await site.h.advanceTo(Math.max(first.body.data.resultAt ?? 0, second.body.data.resultAt ?? 0));
    const traded = await withdraw(trader, "100");
    expect(traded.body.code, traded.body.msg).toBe(1);

    const finance = await staff(site.h, "finance");
    const queue = (await api(site.h, opsEndpoints.listWithdrawals, {}, finance)).body.data.items;
    const idleRow = queue.find((row: { id: number }) => row.id === asked.body.data.id);
    expect(signalsOf(idleRow, "withdraw_without_trading")).toEqual([
      { kind: "withdraw_without_trading", rechargeId: expect.any(Number), recharged: "2000.00", traded: "0.00" },
    ]);
    const traderRow = queue.find((row: { id: number }) => row.id === traded.body.data.id);
    expect(signalsOf(traderRow, "withdraw_without_trading")).toEqual([]);
    // shown on the customer page while the withdrawal waits, and never a refusal
    const [idleUser] = await site.h.database.db.select().from(users).where(eq(users.account, "passthru01"));
    const detail = await api(site.h, opsEndpoints.userDetail, { id: String(idleUser!.id) }, finance);
    expect(signalsOf(detail.body.data, "withdraw_without_trading")).toHaveLength(1);
    const approved = await api(site.h, opsEndpoints.reviewWithdrawal, { id: String(asked.body.data.id), decision: "approve" }, finance);
    expect(approved.body.code, approved.body.msg).toBe(1);
  });
});
