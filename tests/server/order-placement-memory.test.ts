import { describe, expect, it } from "vitest";

import { api, demoTraderPerFile, OPS_TOKEN, placeOrder, rid } from "./harness";

// Order placement reads the product and its settlement-time options from the feed's memory, and looks for an
// earlier order of the same requestId only when a check refuses: what the operator changes must apply to the
// very next order, and a retry must still answer with the first order when a new one would be refused.
const demo = demoTraderPerFile();

const ops = (path: string, fields: Record<string, string>) => api(demo.h, "POST", path, fields, { "ops-token": OPS_TOKEN });
const order = (fields: Record<string, string> = {}) => placeOrder(demo.h, demo.token, demo.btc, { requestId: rid("memory"), ...fields });

describe("order placement from memory", () => {
  it("takes the options the operator just set, and refuses one just removed", async () => {
    const before = (await api(demo.h, "GET", "/api/index/seconds", { pid: String(demo.btc) })).body.data as Array<{
      seconds: number;
      payoutRate: string;
      minAmount: string;
      maxAmount: string;
    }>;
    const restore = before.map((o) => `${o.seconds}:${o.payoutRate}:${o.minAmount}:${o.maxAmount}`).join(",");
    expect((await ops("/api/ops/product/options", { pid: String(demo.btc), options: "45:0.9:10:5000" })).body.code).toBe(1);
    const placed = await order({ seconds: "45" });
    expect(placed.body).toMatchObject({ code: 1, data: { seconds: 45 } });
    expect((await order({ seconds: "30" })).body).toMatchObject({ code: 0, err: "invalid_input" });
    expect((await ops("/api/ops/product/options", { pid: String(demo.btc), options: restore })).body.code).toBe(1);
    expect((await order({ seconds: "30" })).body).toMatchObject({ code: 1, data: { seconds: 30 } });
  });

  it("answers a retry with the first order even after the market closed or the option went away", async () => {
    const requestId = rid("retry");
    const first = await order({ requestId });
    expect(first.body.code).toBe(1);
    await ops("/api/ops/product/trading", { pid: String(demo.btc), enabled: "0" });
    try {
      expect((await order({ requestId })).body.data.id).toBe(first.body.data.id);
      // a new order is refused meanwhile
      expect((await order()).body).toMatchObject({ err: "market_closed" });
    } finally {
      await ops("/api/ops/product/trading", { pid: String(demo.btc), enabled: "1" });
    }
    // the quote grows old while the lock is waited for: a retry still finds the first order
    demo.h.clock.now += 6;
    expect((await order({ requestId })).body.data.id).toBe(first.body.data.id);
  });
});
