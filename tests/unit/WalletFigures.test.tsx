import { i18n } from "@lingui/core";
import { type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { assetSplit } from "@/features/wallet/asset-split";
import { WithdrawalRecordPage } from "@/features/withdrawal/WithdrawalRecordPage";
import { CoinAmount } from "@/ui/CoinAmount";
import { Money } from "@/ui/Money";
import { coinWorthCents } from "#contract/money";
import type { WithdrawalRecord } from "#contract/withdrawal";

import { renderedRoot, showText } from "./rendered-root";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useRouter: () => ({ history: { back() {} }, navigate: async () => {}, invalidate: async () => {} }),
}));

// React reads this to know updates are wrapped in act()
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();
afterEach(() => i18n.activate("en"));
const show = (node: ReactNode) => showText(dom, node);

describe("coin and its worth", () => {
  it("values coin at the rate, rounded down as an exchange pays", () => {
    expect(coinWorthCents(213_579, "0.5000")).toBe(106_789);
    expect(coinWorthCents(20_000, "0.5")).toBe(10_000);
    expect(coinWorthCents(100, "0")).toBe(0);
  });
  it("shows coin as coin with its U value beside it, grouped", () => {
    expect(show(<CoinAmount coin="2135.79" coinRate="0.5000" />)).toBe("2,135.79 coin ≈ 1,067.89 U");
    expect(show(<CoinAmount coin="2135.79" />)).toBe("2,135.79 coin");
  });
  it("groups in the active language", () => {
    i18n.activate("de");
    expect(show(<Money value="10000.00" />)).toBe("10.000,00 U");
  });
});

describe("asset split", () => {
  it("totals cash, coin at its worth, frozen and yuebao in U, with each share in percent", () => {
    const { parts, totalCents } = assetSplit({
      cash: "500.00",
      coin: "1000.00",
      frozen: "0.00",
      yuebao: "1000.00",
      coinRate: "0.5000",
      practice: "10000.00",
      recharged: true,
    });
    expect(totalCents).toBe(200_000);
    expect(parts.map((p) => [p.kind, p.cents, p.percent])).toEqual([
      ["cash", 50_000, 25],
      ["coin", 50_000, 25],
      ["frozen", 0, 0],
      ["yuebao", 100_000, 50],
    ]);
  });
  it("an empty wallet has no shares rather than NaN", () => {
    const { parts, totalCents } = assetSplit({
      cash: "0.00",
      coin: "0.00",
      frozen: "0.00",
      yuebao: "0.00",
      coinRate: "0.5000",
      practice: "10000.00",
      recharged: true,
    });
    expect(totalCents).toBe(0);
    expect(parts.every((p) => p.percent === 0)).toBe(true);
  });
});

describe("withdrawal records", () => {
  const record = (status: WithdrawalRecord["status"], payout: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
    id: 1,
    time: 0,
    type: "bank",
    bankName: "Example Bank",
    cardTail: "4321",
    amount: "3000.00",
    fee: "30.00",
    actual: "2970.00",
    status,
    reason: status === "failed" ? "name mismatch" : null,
    payout: status === "success" ? "paid" : null,
    payoutAt: null,
    payoutFailure: null,
    ...payout,
  });
  it("a refused withdrawal says the whole amount was returned, with no fee or payout", () => {
    const text = show(<WithdrawalRecordPage records={[record("failed")]} />);
    expect(text).toContain("Returned 3,000.00");
    expect(text).not.toContain("Received");
    expect(text).not.toContain("Fee");
  });
  it("a paid one says what was received; one under review what is to be received", () => {
    expect(show(<WithdrawalRecordPage records={[record("success")]} />)).toContain("Fee 30.00 · Received 2,970.00");
    expect(show(<WithdrawalRecordPage records={[record("review")]} />)).toContain("Fee 30.00 · To receive 2,970.00");
  });
  it("an approved one is being paid out until the bank's answer; then paid with the date", () => {
    const awaiting = show(<WithdrawalRecordPage records={[record("success", { payout: "awaiting" })]} />);
    expect(awaiting).toContain("Approved, being paid out · Fee 30.00 · To receive 2,970.00");
    expect(awaiting).not.toContain("Received");
    const paidAt = Date.UTC(2027, 0, 15, 9, 30) / 1000;
    const paid = show(<WithdrawalRecordPage records={[record("success", { payout: "paid", payoutAt: paidAt })]} />);
    expect(paid).toMatch(/Paid .*2027.* · Fee 30\.00 · Received 2,970\.00/);
  });
  it("a failed payment says why and that the whole amount is back", () => {
    const text = show(<WithdrawalRecordPage records={[record("success", { payout: "failed", payoutFailure: "account closed" })]} />);
    expect(text).toContain("Failed: account closed · Returned 3,000.00");
    expect(text).not.toContain("Received");
  });
});
