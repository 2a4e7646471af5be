import { i18n } from "@lingui/core";
import { type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { InvitePage } from "@/features/invites/InvitePage";
import { RechargePage } from "@/features/recharge/RechargePage";
import { RechargeRecordPage } from "@/features/recharge/RechargeRecordPage";
import { OrderDetailPage } from "@/features/trading/OrderDetailPage";
import { OrderPage } from "@/features/trading/OrderPage";
import { ConfirmSheet } from "@/ui/ConfirmSheet";
import { SignedMoney } from "@/ui/MarketText";
import type { Order } from "#contract/trading";

import { holdingOrder } from "./order-fixture";
import { renderedRoot, showText } from "./rendered-root";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => <a className={className}>{children}</a>,
  useNavigate: () => () => Promise.resolve(),
  useRouter: () => ({ history: { back() {} }, navigate: async () => {}, invalidate: async () => {} }),
  useCanGoBack: () => false,
}));
vi.mock("@/workers/quotes", async () => {
  const { atom } = await import("jotai");
  return { quotesAtom: atom({}), watchQuotes: () => () => {} };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();
// German groups with "." and writes the decimals after ","
beforeEach(() => i18n.activate("de"));
afterEach(() => i18n.activate("en"));
const show = (node: ReactNode) => showText(dom, node);

const order: Order = holdingOrder({
  amount: "12345.00",
  fee: "1234.50",
  closePrice: "100.00",
  settledAt: 1031,
  result: "tie",
  // as the server answers a tie: the stake back, a profit of nothing before the fee (the page shows −fee)
  profit: "0.00",
  payout: "12345.00",
  status: "closed",
});

describe("amounts are grouped with two decimals in the reader's language", () => {
  it("signed profit and loss", () => {
    expect(show(<SignedMoney cents={1_000_000} />)).toBe("+10.000,00");
    expect(show(<SignedMoney cents={-123_450} />)).toBe("-1.234,50");
  });

  it("order detail: amount, fee, profit and the tie's kept fee", () => {
    const text = show(<OrderDetailPage order={order} />);
    expect(text).toContain("12.345,00 U");
    expect(text).toContain("1.234,50 U");
    expect(text).toContain("-1.234,50");
    expect(text).not.toContain("12345");
    expect(text).not.toContain("1234.50");
  });

  it("order list: the holding order's amount", () => {
    const holding = { ...order, closePrice: null, settledAt: null, result: null, profit: null, payout: null, status: "holding" as const };
    const text = show(<OrderPage holding={[holding]} history={{ items: [], page: 1, pageSize: 20, total: 0 }} userId={1} />);
    expect(text).toContain("12.345,00 U");
    expect(text).not.toContain("12345");
  });

  it("recharge records and the recharge minimum", () => {
    const records = [
      { id: 1, time: 1000, type: "bank" as const, channel: "Bank", amount: "25000.00", status: "review" as const, reason: null },
    ];
    expect(show(<RechargeRecordPage records={records} />)).toContain("25.000,00 U");
    const info = { channels: [], minAmount: "1000.00", notice: "" };
    expect(show(<RechargePage info={info} />)).toContain("1.000,00 U");
  });

  it("the confirmation sheet groups every figure it is given", () => {
    const text = show(
      <ConfirmSheet
        title="Confirm"
        rows={[
          { label: "Amount", amount: 10000, testId: "confirm-amount" },
          { label: "You receive", amount: "2500.5", unit: "coin" },
          { label: "Withdraw to", value: "Bank 6222 **** 0000" },
        ]}
        busy={false}
        online
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(document.querySelector("[data-testid=confirm-amount]")?.textContent).toBe("10.000,00 U");
    expect(text).toContain("2.500,50 coin");
    expect(text).toContain("Bank 6222 **** 0000");
  });

  it("invitation bonus totals", () => {
    const text = show(
      <InvitePage
        invitation={{
          code: "DEMO88",
          bonusPolicy: "verification",
          inviteeCount: 1200,
          bonusTotal: "9600.00",
          bonusPerInvitee: "8.00",
          records: [{ account: "fr***nd", time: 1000, bonus: "1008.00" }],
        }}
      />,
    );
    expect(text).toContain("9.600,00 U");
    expect(text).toContain("+1.008,00 U");
  });
});
