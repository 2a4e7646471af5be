import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, OPS_TOKEN, registerUser, rid, snapshot, startHarness } from "./harness";
import { passRealName } from "./real-name";
import { checkCharacter, residentId, residentIdEndingInX, withWrongCheck } from "./resident-ids";
import { fundedUser, uploadPng } from "./security/funded-user";
import { presetMoneyRules, staff } from "./staff";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // withdrawals are allowed all day here
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
});
afterAll(() => h.close());
const ops = async (path: string, fields: Record<string, string>) => api(h, "POST", path, fields, await staff(h));
let n = 0;
const fresh = async () => (await registerUser(h, `safe${Date.now() % 1_000_000}${n++}`, "login123", "fund1234")).token!;
const inbox = async (token: string) =>
  (await api(h, "GET", "/api/user/msg", {}, { token })).body.data.items as Array<{ title: string; body: string }>;

describe("binding a card", () => {
  const add = (token: string, fields: Record<string, string>) =>
    api(h, "POST", "/api/user/add_card", { requestId: rid(), bankName: "Example Bank", payPassword: "fund1234", ...fields }, { token });

  it("takes a bank card number of 12 to 19 digits, spaces allowed, and refuses anything else with a clear error", async () => {
    const token = await fresh();
    const before = await snapshot(h);
    for (const number of ["62220211223", "62220211223344556677", "6222 0211 2233 44a5", "ann@example.com", "6222-0211-2233-4455"]) {
      const refused = await add(token, { type: "bank", number });
      expect(refused.status, number).toBe(400);
      expect(refused.body, number).toMatchObject({ code: 0, err: "card_number_invalid", msg: "A bank card number has 12 to 19 digits" });
    }
    expect(await snapshot(h)).toBe(before);
    for (const number of ["622202112233", "6222 0211 2233 4456", "6222021122334455665"]) {
      expect((await add(token, { type: "bank", number })).body.code, number).toBe(1);
    }
    const cards = (await api(h, "GET", "/api/user/bank_card", {}, { token })).body.data as Array<{ number: string }>;
    expect(cards).toHaveLength(3);
  });

  it("refuses a 16–19-digit card number whose last digit is not its Luhn check digit; shorter bank numbers are not checked", async () => {
    const token = await fresh();
    const before = await snapshot(h);
    // one digit mistyped, and two neighbours swapped: what the check digit is there to catch
    for (const number of ["6222 0211 2233 4457", "6222021122334455666", "4111111111111121", "6222021122334465"]) {
      const refused = await add(token, { type: "bank", number });
      expect(refused.status, number).toBe(400);
      expect(refused.body, number).toMatchObject({
        code: 0,
        err: "card_number_check",
        msg: "This card number is not valid: check the digits",
      });
    }
    expect(await snapshot(h)).toBe(before);
    // the same rule is not applied to an Alipay account or to a 12–15-digit bank number
    for (const [type, number] of [
      ["bank", "4111111111111111"],
      ["bank", "622202112234"],
      ["bank", "622202112233445"],
      ["alipay", "1111111111111112"],
    ])
      expect((await add(token, { type: type!, bankName: "Example", number: number! })).body.code, number).toBe(1);
  });

  it("once the real name is verified, binds a bank card only in that name", async () => {
    const token = await fresh();
    // before verification the holder is kept as typed
    expect((await add(token, { type: "bank", number: "6222021122334456", holder: "Someone Else" })).body.code).toBe(1);
    expect((await passRealName(h, token, "Ann Example")).body.code).toBe(1);
    const before = await snapshot(h);
    const refused = await add(token, { type: "bank", number: "6222000011113338", holder: "Bob Other" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 0,
      err: "card_holder_mismatch",
      msg: "The card holder must be the name of your verified real-name account",
    });
    expect(await snapshot(h)).toBe(before);
    expect((await add(token, { type: "bank", number: "6222000011113338", holder: " ann  EXAMPLE " })).body.code).toBe(1);
    expect((await add(token, { type: "bank", number: "6222000011112223" })).body.data.holder).toBe("Ann Example");
    // an Alipay account is not a bank card in a name
    expect((await add(token, { type: "alipay", bankName: "Alipay", number: "ann@example.com", holder: "Ann E." })).body.code).toBe(1);
  });

  it("stores no branch for Alipay, WeChat or crypto, and keeps a bank's", async () => {
    const token = await fresh();
    await add(token, { type: "bank", number: "6222000011112223", branch: "Central" });
    await add(token, { type: "alipay", bankName: "Alipay", number: "ann@example.com", branch: "Central" });
    await add(token, { type: "wechat", bankName: "WeChat", number: "ann_wx", branch: "Central" });
    await add(token, { type: "crypto", bankName: "USDT", number: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", branch: "Central" });
    const cards = (await api(h, "GET", "/api/user/bank_card", {}, { token })).body.data as Array<{ type: string; branch: string }>;
    expect(cards.map((card) => [card.type, card.branch])).toEqual([
      ["bank", "Central"],
      ["alipay", ""],
      ["wechat", ""],
      ["crypto", ""],
    ]);
  });
});

describe("real-name ID numbers", () => {
  const certify = (token: string, idNumber: string) =>
    api(h, "POST", "/api/user/certification", { requestId: rid(), name: "Li Lei", idNumber, agree: "1" }, { token });

  it("computes check characters as the standard's published sample says", () => {
    // the sample number of GB 11643
    expect(checkCharacter("11010519491231002")).toBe("X");
    expect(checkCharacter("44052418800101001")).toBe("4");
  });

  it("refuses a wrong check character, a date that does not exist, a future birth and anyone under 18", async () => {
    const token = await fresh();
    const today = new Date(h.clock.now * 1000);
    const ymd = (year: number, month: number, day: number) => `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
    const under18 = ymd(today.getUTCFullYear() - 17, 1, 1);
    const future = ymd(today.getUTCFullYear() + 1, 1, 1);
    const before = await snapshot(h);
    for (const idNumber of [
      withWrongCheck(residentId("19900101", 7)),
      withWrongCheck(residentIdEndingInX("19900101")),
      residentId("19900230", 7), // 30 February
      residentId("19901301", 7), // month 13
      residentId("19890229", 7), // 1989 was no leap year
      residentId(future, 7),
      residentId(under18, 7),
      "11010119900101007", // 17 characters
      "1101011990010100771",
      "A1234567",
    ]) {
      const refused = await certify(token, idNumber);
      expect(refused.body, idNumber).toMatchObject({ code: 0, err: "wrong_id_number", msg: "Wrong ID number" });
    }
    expect(await snapshot(h)).toBe(before);
  });

  it("accepts valid numbers, X in either case, someone born on a leap day, and exactly 18 years old today", async () => {
    const today = new Date(h.clock.now * 1000);
    const eighteenToday = `${today.getUTCFullYear() - 18}${String(today.getUTCMonth() + 1).padStart(2, "0")}${String(
      today.getUTCDate(),
    ).padStart(2, "0")}`;
    for (const idNumber of [
      residentId("19900101", 11),
      residentIdEndingInX("19750615", 12).toLowerCase(),
      residentId("19880229", 13),
      residentId(eighteenToday, 14),
      "11010519491231002X",
    ]) {
      const token = await fresh();
      expect((await certify(token, idNumber)).body, idNumber).toMatchObject({ code: 1, data: { status: "review" } });
    }
  });
});

describe("review results reach the customer", () => {
  it("sends a message for each recharge, withdrawal and real-name review, with the reason of a refusal", async () => {
    const user = await fundedUser(h, `told${Date.now() % 1_000_000}`);
    const { token } = user;
    expect((await inbox(token))[0]).toMatchObject({
      title: "Recharge approved",
      body: "Your recharge of 5,000.00\u00a0U has been credited to your cash.",
    });

    const channelId = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
    const recharge = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(channelId), amount: "300", screenshot: await uploadPng(h, token) },
      { token },
    );
    await ops("/api/ops/recharge/review", { id: String(recharge.body.data.id), decision: "reject", reason: "no matching transfer" });
    expect((await inbox(token))[0]).toMatchObject({
      title: "Recharge rejected",
      body: "Your recharge of 300.00\u00a0U was rejected. Reason: no matching transfer",
    });

    const cash = (fields: Record<string, string>) =>
      api(
        h,
        "POST",
        "/api/user/cash",
        { requestId: rid(), cardId: String(user.cardId), payPassword: user.payPassword, ...fields },
        { token },
      );
    const first = (await cash({ amount: "200" })).body.data;
    await ops("/api/ops/withdrawal/review", { id: String(first.id), decision: "approve", reason: "paid by transfer 42" });
    const paid = (await inbox(token))[0]!;
    expect(paid.title).toBe("Withdrawal approved");
    expect(paid.body).toMatch(
      /^Your withdrawal of 200\.00\u00a0U was approved and is being paid out: \d+\.\d\d\u00a0U after the fee\.\nNote from the reviewer: paid by transfer 42$/,
    );

    const second = (await cash({ amount: "250" })).body.data;
    await ops("/api/ops/withdrawal/review", { id: String(second.id), decision: "reject", reason: "card name mismatch" });
    expect((await inbox(token))[0]).toMatchObject({
      title: "Withdrawal rejected",
      body: "Your withdrawal of 250.00\u00a0U was rejected and the money is back in your cash. Reason: card name mismatch",
    });

    await api(
      h,
      "POST",
      "/api/user/certification",
      { requestId: rid(), name: "Li Lei", idNumber: residentId("19800101", 21), agree: "1" },
      { token },
    );
    const pending = (await api(h, "GET", "/api/ops/verifications", {}, { "ops-token": OPS_TOKEN })).body.data.items.find(
      (v: { account: string }) => v.account === user.account,
    );
    await ops("/api/ops/verification/review", { id: String(pending.id), decision: "refuse", reason: "photo unreadable" });
    expect((await inbox(token))[0]).toMatchObject({
      title: "Real-name verification refused",
      body: "Your real-name verification was refused. Reason: photo unreadable",
    });
    expect((await api(h, "GET", "/api/user/index", {}, { token })).body.data.unreadMessages).toBeGreaterThanOrEqual(5);
  });

  it("writes the message in the customer's language", async () => {
    const user = await fundedUser(h, `zh${Date.now() % 1_000_000}`);
    await h.database.db.execute(`update users set language = 'zh' where account = '${user.account}'` as never);
    const first = (
      await api(
        h,
        "POST",
        "/api/user/cash",
        { requestId: rid(), amount: "200", cardId: String(user.cardId), payPassword: user.payPassword },
        { token: user.token },
      )
    ).body.data;
    await ops("/api/ops/withdrawal/review", { id: String(first.id), decision: "reject", reason: "卡号有误" });
    expect((await inbox(user.token))[0]).toMatchObject({
      title: "提现被拒绝",
      body: "您的 200.00\u00a0U 提现被拒绝，款项已退回余额。原因：卡号有误",
    });
  });

  it("refuses a reject or refusal without a reason, and changes nothing", async () => {
    const user = await fundedUser(h, `noreason${Date.now() % 1_000_000}`);
    const { token } = user;
    const channelId = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
    const recharge = (
      await api(
        h,
        "POST",
        "/api/user/dorecharge",
        { requestId: rid(), channelId: String(channelId), amount: "300", screenshot: await uploadPng(h, token) },
        { token },
      )
    ).body.data;
    const withdrawal = (
      await api(
        h,
        "POST",
        "/api/user/cash",
        { requestId: rid(), amount: "200", cardId: String(user.cardId), payPassword: user.payPassword },
        { token },
      )
    ).body.data;
    await api(
      h,
      "POST",
      "/api/user/certification",
      { requestId: rid(), name: "Han Mei", idNumber: residentId("19820303", 31), agree: "1" },
      { token },
    );
    const verification = (await api(h, "GET", "/api/ops/verifications", {}, { "ops-token": OPS_TOKEN })).body.data.items.find(
      (v: { account: string }) => v.account === user.account,
    );
    const messagesBefore = (await inbox(token)).length;
    const before = await snapshot(h);
    for (const [path, fields] of [
      ["/api/ops/recharge/review", { id: String(recharge.id), decision: "reject" }],
      ["/api/ops/recharge/review", { id: String(recharge.id), decision: "reject", reason: "   " }],
      ["/api/ops/withdrawal/review", { id: String(withdrawal.id), decision: "reject" }],
      ["/api/ops/withdrawal/review", { id: String(withdrawal.id), decision: "reject", reason: "" }],
      ["/api/ops/verification/review", { id: String(verification.id), decision: "refuse" }],
    ] as const) {
      const refused = await ops(path, fields);
      expect(refused.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
      expect(refused.body).toMatchObject({ code: 0, err: "invalid_input", msg: "Reason is invalid" });
    }
    expect(await snapshot(h)).toBe(before);
    expect(await inbox(token)).toHaveLength(messagesBefore);
    // still under review: the operator can decide once they give a reason
    expect((await ops("/api/ops/recharge/review", { id: String(recharge.id), decision: "reject", reason: "blurred" })).body.code).toBe(1);
  });
});
