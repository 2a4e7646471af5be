import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";

import { api, changeLoginPassword, type Harness, placeOrder, productId, rid, startHarness } from "./harness";
import { type FundedUser, fundedUser } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

/**
 * After support reset a customer's password, the temporary password opens a session that can do nothing but set
 * a new password (or log out): the server refuses every other request of it, so a temporary password read out
 * on the phone is never a way to trade or move money, whatever client sends it.
 */
let h: Harness;
let customer: FundedUser;
let btc: number;

beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  customer = await fundedUser(h, "forcedchg01", "5000");
  btc = productId(h.feed, "BTCUSDT");
}, 120_000);
afterAll(() => h?.close());

const withdraw = (token: string) =>
  api(
    h,
    endpoints.withdraw,
    { amount: "100", cardId: String(customer.cardId), payPassword: customer.payPassword, requestId: rid() },
    { token },
  );

async function signInWithTemporaryPassword(account: string): Promise<{ temporary: string; token: string }> {
  const reset = await api(h, opsEndpoints.resetCustomerPassword, { account }, await staff(h, "support"));
  expect(reset.body.code, reset.body.msg).toBe(1);
  const temporary = reset.body.data.password;
  const login = await api(h, endpoints.login, { account, password: temporary });
  expect(login.body.code, login.body.msg).toBe(1);
  return { temporary, token: login.body.data.token };
}

describe("a session opened with support's temporary password", () => {
  it("may only read who it is, change the login password or log out until the password is changed", async () => {
    const { temporary, token } = await signInWithTemporaryPassword(customer.account);

    // the page that asks for the new password reads who is signed in: that read is allowed (and caches the
    // session in this process, so the order below goes the cached way, without reading the user's row)
    const info = await api(h, endpoints.userInfo, {}, { token });
    expect(info.body.code, info.body.msg).toBe(1);
    expect(info.body.data.mustChangePassword).toBe(true);

    await h.advance(1);
    const order = await placeOrder(h, token, btc);
    expect(order.body).toMatchObject({ code: 0, err: "password_change_required" });
    expect(order.status).toBe(403);
    const withdrawal = await withdraw(token);
    expect(withdrawal.body).toMatchObject({ code: 0, err: "password_change_required" });
    const wallet = await api(h, endpoints.wallet, {}, { token });
    expect(wallet.body).toMatchObject({ code: 0, err: "password_change_required", data: null });
    expect((await api(h, endpoints.streamTicket, {}, { token })).body.err).toBe("password_change_required");
    // a page open to visitors answers as to a visitor: nothing of the account
    const goods = await api(h, endpoints.goods, { pid: String(btc) }, { token });
    expect(goods.body.code, goods.body.msg).toBe(1);
    expect(JSON.stringify(goods.body.data)).toBe(JSON.stringify((await api(h, endpoints.goods, { pid: String(btc) })).body.data));

    // the refusal is in the customer's language
    const german = await api(h, endpoints.wallet, {}, { token, lang: "de" });
    expect(german.body.err).toBe("password_change_required");
    expect(german.body.msg).not.toBe(wallet.body.msg);

    const changed = await changeLoginPassword(h, token, temporary, "chosen-pass7");
    expect(changed.body.code, changed.body.msg).toBe(1);

    await h.advance(1);
    const placed = await placeOrder(h, token, btc);
    expect(placed.body.code, placed.body.msg).toBe(1);
    const paid = await withdraw(token);
    expect(paid.body.code, paid.body.msg).toBe(1);
    const read = await api(h, endpoints.wallet, {}, { token });
    expect(read.body.code, read.body.msg).toBe(1);
  });

  it("may log out", async () => {
    const { token } = await signInWithTemporaryPassword(customer.account);
    const out = await api(h, endpoints.logout, {}, { token });
    expect(out.body.code, out.body.msg).toBe(1);
    expect((await api(h, endpoints.userInfo, {}, { token })).body.err).toBe("login_required");
  });
});
