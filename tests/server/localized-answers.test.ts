import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiPaths } from "#contract/paths";
import { DEMO_PAY_PASSWORD } from "#server/db/seed";

import { api, type Harness, loginDemo, rid, startHarness } from "./harness";
import { uploadPng } from "./security/funded-user";

/**
 * The answers of the writes that name a plan or a channel (join a plan, submit a recharge) name it in the
 * request's language, as the lists of plans and recharges do.
 */
let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = await loginDemo(h);
});
afterAll(() => h?.close());

describe("answers of writes in the request's language", () => {
  it("joining a plan answers the subscription with the plan's title in that language", async () => {
    const plans = (await api(h, "GET", apiPaths.plans.path, {}, { token, lang: "en" })).body.data as Array<{ id: number; title: string }>;
    const seven = plans.find((plan) => plan.title === "Yuebao 7")!;
    const joined = await api(
      h,
      "POST",
      "/api/user/yebjoinnow",
      { requestId: rid(), planId: String(seven.id), amount: "100", payPassword: DEMO_PAY_PASSWORD },
      { token, lang: "zh" },
    );
    expect(joined.body.code, joined.body.msg).toBe(1);
    expect(joined.body.data.title).toBe("余额宝 7 天");
  });

  it("submitting a recharge answers the record with the channel's name in that language", async () => {
    const channels = (await api(h, "GET", apiPaths.rechargeInfo.path, {}, { token, lang: "en" })).body.data.channels as Array<{
      id: number;
      name: string;
    }>;
    const bank = channels[0]!;
    expect(bank.name).not.toBe("示例銀行 — 轉賬");
    const submitted = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(bank.id), amount: "200", screenshot: await uploadPng(h, token) },
      { token, lang: "hk" },
    );
    expect(submitted.body.code, submitted.body.msg).toBe(1);
    expect(submitted.body.data.channel).toBe("示例銀行 — 轉賬");
  });
});
