import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, loginDemo, startHarness } from "./harness";
import { opsCall } from "./staff";

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = await loginDemo(h);
});
afterAll(() => h.close());

/** Everything the operator's limits could change, as the ops API reports it. */
const state = async () =>
  JSON.stringify([
    (await opsCall(h, "GET", "/api/ops/money-rules")).body.data,
    (await opsCall(h, "GET", "/api/ops/products")).body.data,
    (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data,
  ]);

async function expectRefused(path: string, fields: Record<string, string>, field: string) {
  const before = await state();
  const answer = await opsCall(h, "POST", path, fields);
  expect(answer.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
  expect(answer.body).toMatchObject({ code: 0, err: "invalid_input", msg: `${field} is invalid`, data: null });
  expect(await state()).toBe(before);
}

describe("operator limits", () => {
  it("refuses a withdrawal fee rate of 0.2 or more", async () => {
    for (const rate of ["0.2", "0.5", "1", "1.5", "9.9999"])
      await expectRefused("/api/ops/money-rules", { withdrawFeeRate: rate }, "Withdrawal fee rate");
    expect((await opsCall(h, "POST", "/api/ops/money-rules", { withdrawFeeRate: "0.1999" })).body.data.withdrawFeeRate).toBe("0.1999");
  });

  it("refuses a plan daily rate above 0.01, for a new plan and a changed one", async () => {
    const plans = (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data as Array<{ id: number }>;
    for (const rate of ["0.010001", "0.5", "0.999999"]) {
      await expectRefused("/api/ops/plan", { title: "Greedy", dailyRate: rate, days: "7", minAmount: "100" }, "Daily rate");
      await expectRefused(
        "/api/ops/plan",
        { id: String(plans[0]!.id), title: "Greedy", dailyRate: rate, days: "7", minAmount: "100" },
        "Daily rate",
      );
    }
    expect((await opsCall(h, "POST", "/api/ops/plan", { title: "Top", dailyRate: "0.01", days: "7", minAmount: "100" })).body.code).toBe(1);
  });

  it("refuses a trading fee that a win's payout does not cover, and payouts below the fee", async () => {
    const product = (await opsCall(h, "GET", "/api/ops/products")).body.data[0] as { id: number; feeRate: string; options: string[] };
    const pid = String(product.id);
    // options pay 0.7–0.9 (seeded); a fee of 0.5 would be fine, 0.95 or more eats a winning order
    await expectRefused(
      "/api/ops/product/limits",
      { pid, feeRate: "1", singleMin: "10", singleMax: "100", totalMax: "1000" },
      "Trading fee rate",
    );
    const highestPayout = Math.max(...product.options.map((o) => Number(o.split(":")[1])));
    const lowestPayout = Math.min(...product.options.map((o) => Number(o.split(":")[1])));
    await expectRefused(
      "/api/ops/product/limits",
      { pid, feeRate: String(lowestPayout), singleMin: "10", singleMax: "100", totalMax: "1000" },
      "Trading fee rate",
    );
    expect(highestPayout).toBeGreaterThan(0.02);
    // with the product's fee at 0.01, an option paying 0.01 or 0 would make a win lose money
    expect(
      (await opsCall(h, "POST", "/api/ops/product/limits", { pid, feeRate: "0.01", singleMin: "10", singleMax: "100", totalMax: "1000" }))
        .body.code,
    ).toBe(1);
    await expectRefused("/api/ops/product/options", { pid, options: "60:0.01:10:100" }, "Settlement options");
    await expectRefused("/api/ops/product/options", { pid, options: "60:0.8:10:100,120:0:10:100" }, "Settlement options");
    expect((await opsCall(h, "POST", "/api/ops/product/options", { pid, options: "60:0.8:10:100,120:0.02:10:100" })).body.code).toBe(1);
  });

  it("refuses an option whose stakes reach outside the product's single-order limits", async () => {
    const product = (await opsCall(h, "GET", "/api/ops/products")).body.data[1] as { id: number };
    const pid = String(product.id);
    const limits = { pid, feeRate: "0.01", singleMin: "20", singleMax: "500", totalMax: "1000" };
    expect((await opsCall(h, "POST", "/api/ops/product/limits", limits)).body.code).toBe(1);
    await expectRefused("/api/ops/product/options", { pid, options: "60:0.8:20:5000" }, "Settlement options");
    await expectRefused("/api/ops/product/options", { pid, options: "60:0.8:10:500" }, "Settlement options");
    await expectRefused("/api/ops/product/options", { pid, options: "60:0.8:20:500,120:0.85:20:501" }, "Settlement options");
    expect((await opsCall(h, "POST", "/api/ops/product/options", { pid, options: "60:0.8:20:500,120:0.85:50:400" })).body.code).toBe(1);
  });
});
