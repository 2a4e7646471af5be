import { i18n } from "@lingui/core";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";

import { OrderDetailPage } from "@/features/trading/OrderDetailPage";
import { ResultCard } from "@/features/trading/ResultCard";
import { LANGUAGE_CODES } from "#contract/languages";

import { holdingOrder } from "./order-fixture";
import { renderedRoot, showText } from "./rendered-root";

vi.mock("@tanstack/react-router", () => ({
  Link: ({ children, className }: { children: React.ReactNode; className?: string }) => <a className={className}>{children}</a>,
  useRouter: () => ({ history: { canGoBack: () => true, back() {} }, navigate: async () => {} }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = renderedRoot();

/** The order details' rows as label → shown value. */
function detailRows(): Record<string, string> {
  return Object.fromEntries(
    [...dom.host.querySelectorAll(".detail-row")].map((row) => [
      row.querySelector("dt")!.textContent,
      row.querySelector("dd")!.textContent,
    ]),
  );
}

// a lost order of 20.00 U whose opening fee was 0.20 U: the balance is 20.20 U lower
const lost = holdingOrder({
  amount: "20.00",
  fee: "0.20",
  status: "closed",
  result: "loss",
  profit: "-20.00",
  payout: "0.00",
  closePrice: "99.00",
  settledAt: 1031,
});

describe("an order's profit, one definition", () => {
  it("shows the details' Profit with the fee included, the fee on its own line, as the result card says", () => {
    showText(dom, <OrderDetailPage order={lost} />);
    const rows = detailRows();
    expect(rows.Fee).toBe("0.20 U");
    expect(rows["Profit/loss"]).toBe("-20.20");
    const labels = Object.keys(rows);
    expect(labels.indexOf("Fee")).toBe(labels.indexOf("Profit/loss") - 1);
    const card = showText(dom, <ResultCard order={lost} onClose={() => {}} />);
    expect(card).toContain("Lost −20.20 U");
  });

  it("counts the fee against a win and a tie too, and shows no profit while the order runs", () => {
    showText(dom, <OrderDetailPage order={{ ...lost, result: "win", profit: "16.00", payout: "36.00", closePrice: "101.00" }} />);
    expect(detailRows()["Profit/loss"]).toBe("+15.80");
    showText(dom, <OrderDetailPage order={{ ...lost, result: "tie", profit: "0.00", payout: "20.00", closePrice: "100.00" }} />);
    expect(detailRows()["Profit/loss"]).toBe("-0.20");
    act(() => dom.root.render(<></>));
    showText(dom, <OrderDetailPage order={holdingOrder()} />);
    expect(detailRows()["Profit/loss"]).toBe("—");
  });
});

describe("the order's signed figure is named profit/loss in every language", () => {
  // a loss shows there as well (the lost order above): German "Gewinn" or French "Gain" alone would call −20.20 a profit
  const PROFIT_ONLY: Record<string, RegExp> = {
    de: /^Gewinn$/,
    fr: /^Gain$/,
    es: /^(Beneficio|Ganancia)$/,
    vi: /^(Lãi|Lợi nhuận)$/,
    en: /^Profit$/,
  };

  it.for([...LANGUAGE_CODES])("%s", async (language) => {
    const [{ messages: shell }, { messages: pages }] = await Promise.all([
      import(`../../locales/${language}/shell.ts`),
      import(`../../locales/${language}/pages.ts`),
    ]);
    const englishMessages = i18n.messages;
    act(() => i18n.loadAndActivate({ locale: language, messages: { ...shell, ...pages } }));
    try {
      showText(dom, <OrderDetailPage order={lost} />);
      const rows = [...dom.host.querySelectorAll(".detail-row")];
      const signed = rows.find(
        (row) => row.querySelector("dd")!.textContent!.includes("20.20") || row.querySelector("dd")!.textContent!.includes("20,20"),
      );
      const label = signed!.querySelector("dt")!.textContent!;
      expect(label).not.toMatch(PROFIT_ONLY[language] ?? /^$/);
      if (language === "de") expect(label).toBe("Gewinn/Verlust");
    } finally {
      act(() => i18n.loadAndActivate({ locale: "en", messages: englishMessages }));
    }
  });
});
