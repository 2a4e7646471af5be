import { describe, expect, it } from "vitest";

import { opsPaths } from "#contract/ops-paths";
import { moneyCommands } from "#server/ops/money-commands";

/** The CLI's payout and adjustment commands: which path each calls and the fields it sends. */
describe("the CLI's money commands", () => {
  const fields = (name: string, ...args: string[]) => moneyCommands[name]!.fields(args);

  it("marks a payment paid with the whole reference, or failed with the whole reason", () => {
    expect(moneyCommands["withdrawal-paid"]!.path).toBe(opsPaths.markWithdrawalPaid.path);
    expect(fields("withdrawal-paid", "3", "FT", "2701")).toEqual({ id: "3", reference: "FT 2701" });
    expect(moneyCommands["withdrawal-failed"]!.path).toBe(opsPaths.markWithdrawalFailed.path);
    expect(fields("withdrawal-failed", "3", "account", "closed")).toEqual({ id: "3", reason: "account closed" });
  });

  it("proposes with the reason's words and a correction's record, wherever the flag stands", () => {
    expect(fields("adjust-propose", "demo", "credit", "25", "goodwill", "for", "the", "outage")).toEqual({
      account: "demo",
      direction: "credit",
      amount: "25",
      reason: "goodwill for the outage",
    });
    expect(fields("adjust-propose", "demo", "debit", "300", "--recharge", "7", "paid", "twice")).toEqual({
      account: "demo",
      direction: "debit",
      amount: "300",
      reason: "paid twice",
      recharge: "7",
    });
    expect(fields("adjust-propose", "demo", "debit", "1", "wrong", "--ledger", "42")).toMatchObject({ reason: "wrong", ledger: "42" });
  });

  it("applies and rejects through the one decision path, and lists pending ones by default", () => {
    expect(fields("adjust-apply", "5")).toEqual({ id: "5", decision: "apply" });
    expect(fields("adjust-reject", "5", "no", "evidence")).toEqual({ id: "5", decision: "reject", note: "no evidence" });
    expect(moneyCommands["adjust-apply"]!.path).toBe(opsPaths.decideAdjustment.path);
    expect(fields("adjustments")).toEqual({ status: "pending" });
  });
});
