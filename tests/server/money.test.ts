import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";

import { withCheckDigit } from "./card-numbers";
import { api, type Harness, OPS_TOKEN, registerUser, rid, snapshot, startHarness } from "./harness";
import { makeJpeg, makePng, makeWebp, uploadFile } from "./images";
import { opsCall, presetMoneyRules, setMoneyRulesByTwo } from "./staff";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // withdrawals are allowed all day in these tests unless a test narrows the window
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00" });
});
afterAll(() => h.close());

let n = 0;
async function richUser(cash = "1000") {
  const { token } = await registerUser(h, `money${Date.now() % 1_000_000}${n++}`, "login123", "fund1234");
  const t = token!;
  // funded the honest way: a reviewed recharge
  const recharge = await submitRecharge(t, cash);
  await opsCall(h, "POST", "/api/ops/recharge/review", { id: String(recharge.body.data.id), decision: "approve" });
  return t;
}
/** A recharge of `amount` U to the first channel, with a fresh screenshot, waiting for review. */
async function submitRecharge(token: string, amount: string) {
  const upload = await uploadFile(h, token, makePng());
  const channel = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
  return api(
    h,
    "POST",
    "/api/user/dorecharge",
    { requestId: rid(), channelId: String(channel), amount, screenshot: upload.body.data.url },
    { token },
  );
}
const wallet = async (token: string) => (await api(h, endpoints.wallet, {}, { token })).body.data;

describe("uploads", () => {
  it("accepts PNG, JPEG and WebP recognised by their bytes, whatever their name", async () => {
    const token = await richUser();
    for (const [bytes, ext] of [
      [makePng(), "png"],
      [makeJpeg(), "jpg"],
      [makeWebp(), "webp"],
    ] as const) {
      const answer = await uploadFile(h, token, bytes, "anything.txt", "text/plain");
      expect(answer.body.code, ext).toBe(1);
      expect(answer.body.data.url).toMatch(new RegExp(`^/api/files/[a-f0-9]{32}\\.${ext}$`));
    }
  });

  const refused: Array<[string, Buffer, string]> = [
    ["a text file renamed .png", Buffer.from("just some text, not an image"), "upload_invalid"],
    [
      "a PNG with HTML after its end (polyglot)",
      Buffer.concat([makePng(), Buffer.from("<html><script>alert(1)</script></html>")]),
      "upload_invalid",
    ],
    [
      "a JPEG carrying a script",
      Buffer.concat([makeJpeg().subarray(0, 20), Buffer.from("<script>alert(1)</script>"), Buffer.from([0xff, 0xd9])]),
      "upload_invalid",
    ],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "upload_invalid"],
    ["an image over 5 MB", Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024 + 10)]), "upload_too_large"],
  ];
  for (const [what, bytes, err] of refused) {
    it(`refuses ${what} and stores nothing`, async () => {
      const token = await richUser();
      const before = await snapshot(h);
      const answer = await uploadFile(h, token, bytes, "photo.png", "image/png");
      expect(answer.body).toMatchObject({ code: 0, err });
      expect(await snapshot(h)).toBe(before);
    });
  }

  it("serves a file only to its owner or the operator, as the image it is", async () => {
    const owner = await richUser();
    const other = await richUser();
    const { url } = (await uploadFile(h, owner, makePng())).body.data;
    const mine = await h.app.inject({ method: "GET", url, headers: { token: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers["content-disposition"]).toMatch(/^inline; filename=/);
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect((await h.app.inject({ method: "GET", url, headers: { token: other } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await h.app.inject({ method: "GET", url, headers: { "ops-token": OPS_TOKEN } })).statusCode).toBe(200);
  });
});

describe("recharge", () => {
  it("gives channels, minimum and notice; a submitted transfer waits for review", async () => {
    const token = await richUser("100");
    const info = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data;
    expect(info.channels.map((c: { type: string }) => c.type)).toEqual(["bank", "alipay", "wechat", "crypto"]);
    expect(info.minAmount).toBe("100.00");
    const { url } = (await uploadFile(h, token, makePng())).body.data;
    const small = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(info.channels[0].id), amount: "99.99", screenshot: url },
      { token },
    );
    expect(small.body).toMatchObject({ err: "amount_too_small", msg: "Amount must be at least 100.00\u00a0U" });
    const noShot = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(info.channels[0].id), amount: "200" },
      { token },
    );
    expect(noShot.body).toMatchObject({ err: "field_required", msg: "Transfer screenshot is required" });
    const ok = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(info.channels[3].id), amount: "200", screenshot: url },
      { token },
    );
    expect(ok.body).toMatchObject({
      code: 1,
      msg: "Recharge request submitted, awaiting approval",
      data: { status: "review", amount: "200.00", type: "crypto" },
    });
    expect((await wallet(token)).cash).toBe("100.00");
  });

  it("the same picture uploaded again backs no second recharge, whoever uploads it", async () => {
    const a = await richUser("100");
    const b = await richUser("100");
    const picture = makePng();
    const submit = async (token: string, bytes: Buffer) => {
      const { url } = (await uploadFile(h, token, bytes)).body.data;
      const channel = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
      return api(
        h,
        "POST",
        "/api/user/dorecharge",
        { requestId: rid(), channelId: String(channel), amount: "300", screenshot: url },
        { token },
      );
    };
    expect((await submit(a, picture)).body).toMatchObject({ code: 1, data: { status: "review" } });
    // a new upload of the same bytes is a new file, but the same screenshot: refused for its owner and anyone
    const again = await submit(a, Buffer.from(picture));
    expect(again.body).toMatchObject({ code: 0, err: "screenshot_used", msg: "This screenshot has already been used for a recharge" });
    expect((await submit(b, Buffer.from(picture))).body).toMatchObject({ code: 0, err: "screenshot_used" });
    // another picture is another transfer
    expect((await submit(b, makePng())).body).toMatchObject({ code: 1, data: { status: "review" } });
  });

  it("refuses someone else's screenshot", async () => {
    const a = await richUser();
    const b = await richUser();
    const { url } = (await uploadFile(h, a, makePng())).body.data;
    const channel = (await api(h, "GET", "/api/user/recharge", {}, { token: b })).body.data.channels[0].id;
    const answer = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(channel), amount: "150", screenshot: url },
      { token: b },
    );
    expect(answer.body.err).toBe("invalid_input");
  });

  // the same three approvals raced from two processes: tests/server/races-postgres.test.ts
  it("approval credits cash exactly once; approving again is already_reviewed", async () => {
    const token = await richUser("100");
    const record = (await submitRecharge(token, "300")).body.data;
    const answers = await Promise.all(
      [1, 2, 3].map(() => opsCall(h, "POST", "/api/ops/recharge/review", { id: String(record.id), decision: "approve" })),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.err === "already_reviewed")).toHaveLength(2);
    expect((await wallet(token)).cash).toBe("400.00");
    const records = (await api(h, "GET", "/api/user/recharge_record", {}, { token })).body.data.items;
    expect(records[0]).toMatchObject({ id: record.id, status: "success", amount: "300.00" });
  });

  it("a rejected recharge is failed with its reason and credits nothing", async () => {
    const token = await richUser("100");
    const record = (await submitRecharge(token, "300")).body.data;
    await opsCall(h, "POST", "/api/ops/recharge/review", { id: String(record.id), decision: "reject", reason: "no matching transfer" });
    expect((await wallet(token)).cash).toBe("100.00");
    const records = (await api(h, "GET", "/api/user/recharge_record", {}, { token })).body.data.items;
    expect(records[0]).toMatchObject({ status: "failed", reason: "no matching transfer" });
  });
});

describe("cards", () => {
  it("binds cards and channels with masked numbers and the fund password, refusing a number the user already bound", async () => {
    const token = await richUser();
    const addCard = (fields: Record<string, string>) => api(h, "POST", "/api/user/add_card", { requestId: rid(), ...fields }, { token });
    const added = await addCard({
      type: "bank",
      bankName: "Example Bank",
      branch: "Central",
      number: "6222 0211 2233 4456",
      holder: "Ann",
      payPassword: "fund1234",
    });
    expect(added.body).toMatchObject({ code: 1, msg: "Added", data: { number: "622******456", bankName: "Example Bank" } });
    await addCard({ type: "alipay", bankName: "Alipay", number: "ann@example.com", payPassword: "fund1234" });
    const cards = (await api(h, "GET", "/api/user/bank_card", {}, { token })).body.data;
    expect(cards.map((c: { type: string }) => c.type)).toEqual(["bank", "alipay"]);
    const duplicate = await addCard({ type: "bank", bankName: "Other", number: "6222021122334456", payPassword: "fund1234" });
    expect(duplicate.body).toMatchObject({ err: "card_exists", msg: "Bank card number already exists" });
    const wrongFund = await addCard({ type: "bank", bankName: "Other", number: "6222000011113338", payPassword: "nope9999" });
    expect(wrongFund.body).toMatchObject({ err: "wrong_fund_password", msg: "Fund password wrong" });
    const noFund = await addCard({ type: "bank", bankName: "Other", number: "6222000011113338" });
    expect(noFund.body).toMatchObject({ err: "field_required", msg: "Fund password is required" });
    const missing = await addCard({ type: "bank", number: "6222000011112223", payPassword: "fund1234" });
    expect(missing.body).toMatchObject({ err: "field_required", msg: "Bank name is required" });
    const noNumber = await addCard({ type: "bank", bankName: "X", payPassword: "fund1234" });
    expect(noNumber.body).toMatchObject({ err: "field_required", msg: "Card number is required" });
  });
});

describe("wallet and exchange", () => {
  it("shows balances and the coin rate, and exchanges both ways with the fund password", async () => {
    const token = await richUser("1000");
    expect(await wallet(token)).toEqual({
      cash: "1000.00",
      coin: "0.00",
      frozen: "0.00",
      yuebao: "0.00",
      coinRate: "0.5000",
      practice: "10000.00",
      recharged: true,
    });
    const wrong = await api(
      h,
      "POST",
      "/api/user/exchange",
      { requestId: rid(), from: "cash", amount: "100", payPassword: "nope9999" },
      { token },
    );
    expect(wrong.body).toMatchObject({ err: "wrong_fund_password", msg: "Fund password wrong" });
    const toCoin = await api(
      h,
      "POST",
      "/api/user/exchange",
      { requestId: rid(), from: "cash", amount: "100", payPassword: "fund1234" },
      { token },
    );
    expect(toCoin.body.data).toEqual({ cash: "900.00", coin: "200.00" });
    const toCash = await api(
      h,
      "POST",
      "/api/user/exchange",
      { requestId: rid(), from: "coin", amount: "50.01", payPassword: "fund1234" },
      { token },
    );
    expect(toCash.body.data).toEqual({ cash: "925.00", coin: "149.99" }); // 50.01 × 0.5 = 25.005 → 25.00
    const tooMuch = await api(
      h,
      "POST",
      "/api/user/exchange",
      { requestId: rid(), from: "coin", amount: "150", payPassword: "fund1234" },
      { token },
    );
    expect(tooMuch.body.err).toBe("balance_insufficient");
    const records = (await api(h, "GET", "/api/user/exchange_record", {}, { token })).body.data.items;
    expect(records.map((r: { type: string; cashAmount: string; coinAmount: string }) => [r.type, r.cashAmount, r.coinAmount])).toEqual([
      ["coin_to_cash", "25.00", "-50.01"],
      ["cash_to_coin", "-100.00", "200.00"],
    ]);
    await setMoneyRulesByTwo(h, { coinRate: "2" });
    expect((await wallet(token)).coinRate).toBe("2.0000");
    await setMoneyRulesByTwo(h, { coinRate: "0.5" });
  });

  it("the coin rate is bounded (0.01 to 1 000 U a coin), and the largest one exchanges both ways", async () => {
    const token = await richUser("1000");
    // 214 749 U a coin passed the exchanges' int4 rate column and answered 500; any rate out of range is refused
    for (const rate of ["214749", "1000.0001", "999999.9999", "0.0099", "0"]) {
      const refused = await setMoneyRulesByTwo(h, { coinRate: rate });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 0, err: "out_of_range", msg: "Coin rate must be between 0.0100 and 1,000.0000" });
    }
    expect((await setMoneyRulesByTwo(h, { coinRate: "a lot" })).body).toMatchObject({
      err: "invalid_input",
      msg: "Coin rate is invalid",
    });
    expect((await wallet(token)).coinRate).toBe("0.5000");
    try {
      expect((await setMoneyRulesByTwo(h, { coinRate: "1000" })).body.data.coinRate).toBe("1000.0000");
      const exchange = (from: string, amount: string) =>
        api(h, "POST", "/api/user/exchange", { requestId: rid(), from, amount, payPassword: "fund1234" }, { token });
      expect((await exchange("cash", "999.99")).body.data).toEqual({ cash: "0.01", coin: "0.99" });
      expect((await exchange("coin", "0.99")).body.data).toEqual({ cash: "990.01", coin: "0.00" });
      // the largest amounts the form takes: refused as amounts, not a server error
      expect((await exchange("cash", "999999999999.99")).body.err).toBe("balance_insufficient");
      const huge = await exchange("coin", "999999999999.99");
      expect(huge.status).toBe(422);
      expect(huge.body).toMatchObject({ code: 0, err: "amount_too_large", msg: "Amount can be at most 90,071,992,547.40\u00a0coin" });
      const records = (await api(h, "GET", "/api/user/exchange_record", {}, { token })).body.data.items;
      expect(records.map((r: { rate: string; cashAmount: string }) => [r.rate, r.cashAmount])).toEqual([
        ["1000.0000", "990.00"],
        ["1000.0000", "-999.99"],
      ]);
    } finally {
      await setMoneyRulesByTwo(h, { coinRate: "0.5" });
    }
  });
});

describe("withdrawal", () => {
  async function withCard(cash = "1000") {
    const token = await richUser(cash);
    const card = (
      await api(
        h,
        "POST",
        "/api/user/add_card",
        {
          requestId: rid(),
          type: "bank",
          bankName: "Example Bank",
          number: withCheckDigit(`62${Date.now()}${n++}`),
          payPassword: "fund1234",
        },
        { token },
      )
    ).body.data;
    return { token, cardId: String(card.id) };
  }

  it("shows the rules first, then moves an accepted request to frozen with its fee", async () => {
    const { token, cardId } = await withCard();
    const info = (await api(h, "GET", "/api/user/cash", {}, { token })).body.data;
    expect(info.rules).toMatchObject({
      min: "100.00",
      max: "4999.00",
      feeRate: "0.01",
      window: "00:00-24:00",
      dailyCount: 3,
      usedToday: 0,
    });
    expect(info.cards).toHaveLength(1);
    const answer = await api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "200", cardId, payPassword: "fund1234" }, { token });
    expect(answer.body).toMatchObject({
      code: 1,
      msg: "Withdrawal submitted, wait for review",
      data: { amount: "200.00", fee: "2.00", actual: "198.00", status: "review" },
    });
    expect(await wallet(token)).toMatchObject({ cash: "800.00", frozen: "200.00" });
    expect((await api(h, "GET", "/api/user/cash", {}, { token })).body.data.rules.usedToday).toBe(1);
  });

  it("approval pays out the frozen amount; rejection returns it", async () => {
    const { token, cardId } = await withCard();
    const a = (await api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "200", cardId, payPassword: "fund1234" }, { token })).body
      .data;
    const b = (await api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "300", cardId, payPassword: "fund1234" }, { token })).body
      .data;
    await opsCall(h, "POST", "/api/ops/withdrawal/review", { id: String(a.id), decision: "approve" });
    expect(
      (await opsCall(h, "POST", "/api/ops/withdrawal/review", { id: String(a.id), decision: "reject", reason: "late" })).body.err,
    ).toBe("already_reviewed");
    await opsCall(h, "POST", "/api/ops/withdrawal/review", { id: String(b.id), decision: "reject", reason: "card name mismatch" });
    expect(await wallet(token)).toMatchObject({ cash: "800.00", frozen: "0.00" });
    const records = (await api(h, "GET", "/api/user/cash_record", {}, { token })).body.data.items;
    expect(records.map((r: { status: string }) => r.status)).toEqual(["failed", "success"]);
    expect(records[0].reason).toBe("card name mismatch");
  });

  it("refuses each broken rule with its message and changes nothing", async () => {
    const { token, cardId } = await withCard("1000");
    const { token: noCard } = { token: await richUser() };
    const cases: Array<[Record<string, string>, string, string, string?]> = [
      [
        { amount: "99.99", cardId, payPassword: "fund1234" },
        "withdraw_amount_limit",
        "The withdrawal amount is outside the allowed range of 100.00\u00a0U to 4,999.00\u00a0U",
      ],
      [
        { amount: "5000", cardId, payPassword: "fund1234" },
        "withdraw_amount_limit",
        "The withdrawal amount is outside the allowed range of 100.00\u00a0U to 4,999.00\u00a0U",
      ],
      [{ amount: "200", cardId, payPassword: "wrong999" }, "wrong_fund_password", "Fund password wrong"],
      [{ amount: "2000", cardId, payPassword: "fund1234" }, "balance_insufficient", "Balance insufficient"],
      [{ amount: "200", cardId: "999999", payPassword: "fund1234" }, "card_not_found", "Bank card not found"],
      [{ amount: "200", cardId: "1", payPassword: "fund1234" }, "card_required", "Bind a bank card or payment channel first", noCard],
      [{ cardId, payPassword: "fund1234" }, "field_required", "Amount is required"],
    ];
    for (const [fields, err, msg, who] of cases) {
      const before = await snapshot(h);
      const answer = await api(h, "POST", "/api/user/cash", { ...fields, requestId: rid() }, { token: who ?? token });
      expect(answer.body, err).toMatchObject({ code: 0, err, msg });
      expect(await snapshot(h)).toBe(before);
    }
  });

  it("refuses outside the window and over the daily count", async () => {
    const { token, cardId } = await withCard("2000");
    const hour = new Date(h.clock.now * 1000).getUTCHours();
    const closed = hour < 12 ? "13:00-14:00" : "01:00-02:00";
    await setMoneyRulesByTwo(h, { window: closed, timezone: "UTC" });
    expect(
      (await api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "200", cardId, payPassword: "fund1234" }, { token })).body,
    ).toMatchObject({ err: "withdraw_time_limit", msg: "Withdrawals are not available at this time of day" });
    await setMoneyRulesByTwo(h, { window: "00:00-24:00", dailyCount: "2" });
    for (let i = 0; i < 2; i++)
      expect(
        (await api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "100", cardId, payPassword: "fund1234" }, { token })).body.code,
      ).toBe(1);
    expect(
      (await api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "100", cardId, payPassword: "fund1234" }, { token })).body,
    ).toMatchObject({ err: "withdraw_count_limit", msg: "You have reached today's maximum number of withdrawals" });
    await setMoneyRulesByTwo(h, { dailyCount: "3" });
  });

  it("does not count a rejected withdrawal toward the daily count", async () => {
    const { token, cardId } = await withCard("2000");
    await setMoneyRulesByTwo(h, { window: "00:00-24:00", dailyCount: "2" });
    const request = () => api(h, "POST", "/api/user/cash", { requestId: rid(), amount: "100", cardId, payPassword: "fund1234" }, { token });
    const first = await request();
    expect(first.body.code).toBe(1);
    const rejected = await opsCall(h, "POST", "/api/ops/withdrawal/review", {
      id: String(first.body.data.id),
      decision: "reject",
      reason: "card name mismatch",
    });
    expect(rejected.body.code).toBe(1);
    expect((await api(h, "GET", "/api/user/cash", {}, { token })).body.data.rules.usedToday).toBe(0);
    for (let i = 0; i < 2; i++) expect((await request()).body.code).toBe(1);
    expect((await request()).body).toMatchObject({ err: "withdraw_count_limit" });
    await setMoneyRulesByTwo(h, { dailyCount: "3" });
  });
});

describe("reconcile", () => {
  it("finds no drift after all of the above, and finds a hand-made one", async () => {
    const clean = await opsCall(h, "GET", "/api/ops/reconcile");
    expect(clean.body.data).toMatchObject({ ok: true, drift: [], negativeBalances: 0 });
    await h.database.db.execute("update users set cash = cash + 1 where account = 'demo'" as never);
    const drifted = await opsCall(h, "GET", "/api/ops/reconcile");
    expect(drifted.body.data.ok).toBe(false);
    expect(drifted.body.data.drift).toEqual([expect.objectContaining({ account: "demo:cash", balance: "10000.01", expected: "10000.00" })]);
    await h.database.db.execute("update users set cash = cash - 1 where account = 'demo'" as never);
  });
});

describe("deposit channels", () => {
  it("the operator sets a channel with a QR image, which customers see; a QR that is not an image is refused", async () => {
    const qr = `data:image/png;base64,${makePng(8, 8).toString("base64")}`;
    const created = await opsCall(h, "POST", "/api/ops/channel", {
      type: "wechat",
      name: "WeChat (QR)",
      account: "wx-pay-01",
      note: "Scan to pay",
      qr,
    });
    expect(created.body.code).toBe(1);
    const token = await richUser();
    const channels = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels;
    expect(channels.find((c: { name: string }) => c.name === "WeChat (QR)")).toMatchObject({ type: "wechat", qr, note: "Scan to pay" });
    const evil = await opsCall(h, "POST", "/api/ops/channel", { type: "wechat", name: "X", account: "y", qr: "javascript:alert(1)" });
    expect(evil.body.err).toBe("invalid_input");
    await opsCall(h, "POST", "/api/ops/channel", {
      id: String(created.body.data.id),
      type: "wechat",
      name: "WeChat (QR)",
      account: "wx-pay-01",
      enabled: "0",
    });
    const after = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels;
    expect(after.find((c: { name: string }) => c.name === "WeChat (QR)")).toBeUndefined();
  });
});
