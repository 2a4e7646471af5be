import { describe, expect, it } from "vitest";
import type { z } from "zod";

import { opsEndpoints } from "#contract/ops";

/** Operator requests arrive as form text and leave the contract as numbers: services never parse text. */
type Name = keyof typeof opsEndpoints;
const parse = <N extends Name>(name: N, body: Record<string, string>) =>
  opsEndpoints[name].request.safeParse(body) as z.ZodSafeParseResult<z.output<(typeof opsEndpoints)[N]["request"]>>;
const firstError = (name: Name, body: Record<string, string>) => {
  const result = parse(name, body);
  return result.success ? null : { field: result.error.issues[0]!.path.join("."), key: result.error.issues[0]!.message };
};

describe("operator schemas parse ids, amounts, rates and switches", () => {
  it("product limits: id to a number, amounts to cents, the fee to basis points", () => {
    expect(
      parse("setProductLimits", { pid: "7", feeRate: "0.015", singleMin: "10", singleMax: "12.5", totalMax: "99999.99" }).data,
    ).toEqual({
      pid: 7,
      feeRate: 150,
      singleMin: 1000,
      singleMax: 1250,
      totalMax: 9999999,
    });
  });

  it("settlement options to seconds, basis points and cents", () => {
    expect(parse("setProductOptions", { pid: "1", options: "60:0.85:10:1000.5,300:0.9:20:2000" }).data?.options).toEqual([
      { seconds: 60, payoutBps: 8500, minAmount: 1000, maxAmount: 100050 },
      { seconds: 300, payoutBps: 9000, minAmount: 2000, maxAmount: 200000 },
    ]);
    expect(firstError("setProductOptions", { pid: "1", options: "60:2:10:20" })).toEqual({ field: "options", key: "invalid_input" });
    expect(firstError("setProductOptions", { pid: "1", options: Array(11).fill("60:0.8:1:2").join(",") })?.key).toBe("invalid_input");
  });

  it("switches to booleans, with their defaults", () => {
    expect(parse("setProductTrading", { pid: "3", enabled: "0" }).data).toEqual({ pid: 3, enabled: false });
    const channel = parse("setChannel", { type: "bank", name: "Bank", account: "123" }).data;
    expect(channel).toMatchObject({ enabled: true, clearQr: false });
    expect(channel).not.toHaveProperty("id");
    expect(parse("setContentPublished", { item: "welcome", published: "1" }).data?.published).toBe(true);
  });

  it("plans: the daily rate to parts per million, days to a number, the minimum to cents", () => {
    expect(parse("setPlan", { id: "2", title: "Flex", dailyRate: "0.0005", days: "30", minAmount: "100" }).data).toEqual({
      id: 2,
      title: "Flex",
      dailyRate: 500,
      days: 30,
      minAmount: 10000,
      enabled: true,
    });
  });

  it("money rules and the invite bonus take cents", () => {
    expect(parse("setMoneyRules", { withdrawMin: "100", dailyCount: "3" }).data).toMatchObject({ withdrawMin: 10000, dailyCount: 3 });
    expect(parse("setInviteBonus", { amount: "8.8" }).data).toEqual({ amount: 880 });
  });

  it("refuses malformed numbers with the catalogue's keys", () => {
    expect(firstError("reviewRecharge", { id: "1e3", decision: "approve" })).toEqual({ field: "id", key: "invalid_input" });
    expect(firstError("reviewRecharge", { decision: "approve" })).toEqual({ field: "id", key: "field_required" });
    expect(firstError("setInviteBonus", { amount: "-5" })).toEqual({ field: "amount", key: "invalid_input" });
    expect(firstError("setProductLimits", { pid: "1", feeRate: "1.5", singleMin: "1", singleMax: "2", totalMax: "3" })).toEqual({
      field: "feeRate",
      key: "invalid_input",
    });
    expect(firstError("auditLog", { since: "12a" })).toEqual({ field: "since", key: "invalid_input" });
    expect(firstError("listWithdrawals", { minAmount: "1.005" })).toEqual({ field: "minAmount", key: "invalid_input" });
  });

  it("parses the lists' filters: dates to unix seconds with an exclusive end, amounts to cents, ranges in order", () => {
    expect(parse("listWithdrawals", { since: "2026-11-01", until: "2026-11-01", minAmount: "10.5" }).data).toMatchObject({
      status: "review",
      since: 1_793_491_200,
      until: 1_793_491_200 + 86_400,
      minAmount: 1050,
    });
    expect(parse("auditLog", { since: "2026-11-01T09:30:00Z", until: "2026-11-01T09:30:05Z" }).data).toMatchObject({
      since: 1_793_491_200 + 9.5 * 3600,
      until: 1_793_491_200 + 9.5 * 3600 + 6,
    });
    // a day that does not exist, and an hour past the day's end
    expect(firstError("listWithdrawals", { since: "2026-02-30" })).toEqual({ field: "since", key: "invalid_input" });
    expect(firstError("ledgerRows", { until: "2026-11-01T24:00:00Z" })).toEqual({ field: "until", key: "invalid_input" });
    // an end before its start is refused on the end
    expect(firstError("listRecharges", { since: "2026-11-02", until: "2026-11-01" })).toEqual({ field: "until", key: "invalid_input" });
    expect(firstError("ledgerRows", { minAmount: "20", maxAmount: "19.99" })).toEqual({ field: "maxAmount", key: "invalid_input" });
    expect(parse("ledgerRows", { minAmount: "20", maxAmount: "20" }).success).toBe(true);
  });
});
