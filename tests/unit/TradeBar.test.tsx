import { readFileSync } from "node:fs";

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { ticketFigures } from "@/features/trading/ticket-figures";
import { type Requote, TradeBar } from "@/features/trading/TradeBar";
import { useClockExpiry } from "@/features/trading/use-clock-expiry";
import type { Goods } from "#contract/markets";
import type { Direction } from "#contract/trading";

import { messages as dePages } from "../../locales/de/pages";

// React reads this to know updates are wrapped in act()
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const goods: Goods = {
  product: {
    id: 1,
    code: "BTCUSDT",
    name: "Bitcoin",
    market: "crypto",
    precision: 2,
    price: "100.00",
    changePct: "0",
    prevClose: "100.00",
    topPayoutRate: "0.8",
    status: "open",
    time: 0,
    simulated: true,
    source: "simulated",
    stale: false,
    nextOpen: null,
  },
  options: [{ seconds: 30, payoutRate: "0.8", minAmount: "10.00", maxAmount: "5000.00" }],
  limits: { singleMin: "10.00", singleMax: "5000.00", totalMax: "20000.00" },
  feeRate: "0.01",
  balance: "99.00",
  practiceBalance: "10000.00",
  recharged: true,
  simulated: true,
};

i18n.load("de", dePages);

let host: HTMLDivElement;
let root: Root;
let trades: Array<[Direction, string | undefined]>;

/** The bar as the trade screen holds it: the amount in state, figures computed from it and the balance. */
function Bar({ balance, refusal = null, requote = null }: { balance: string | null; refusal?: string | null; requote?: Requote | null }) {
  const [amount, setAmount] = useState("100");
  const [seconds, setSeconds] = useState(30);
  const clock = useClockExpiry(goods, 0);
  return (
    <TradeBar
      goods={goods}
      amount={amount}
      onAmount={setAmount}
      seconds={seconds}
      onSeconds={setSeconds}
      clock={clock}
      now={0}
      figures={ticketFigures(goods, seconds, amount, balance)}
      blocked={null}
      refusal={refusal}
      busy={false}
      requote={requote}
      onTrade={(direction, price) => trades.push([direction, price])}
      confirmEach={false}
      onConfirmEach={() => {}}
      practice={false}
    />
  );
}

function renderBar(props: Parameters<typeof Bar>[0], language = "en") {
  act(() => {
    i18n.activate(language);
    root.render(
      <I18nProvider i18n={i18n}>
        <Bar {...props} />
      </I18nProvider>,
    );
  });
}

function type(text: string) {
  const input = host.querySelector<HTMLInputElement>("#trade-amount")!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const shown = (testId: string) => host.querySelector(`[data-testid=${testId}]`)?.textContent ?? "";
const button = (testId: string) => host.querySelector<HTMLButtonElement>(`[data-testid=${testId}]`)!;
const press = (name: string) =>
  act(() =>
    [...host.querySelectorAll<HTMLButtonElement>("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent) === name)!.click(),
  );
const amount = () => host.querySelector<HTMLInputElement>("#trade-amount")!.value;

beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  trades = [];
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  act(() => i18n.activate("en"));
});

describe("the trade bar", () => {
  it("states the rule an amount breaks as the user types, and Up / Down trade only a valid amount", () => {
    renderBar({ balance: "99.00" });
    type("5");
    expect(shown("ticket-error")).toBe("The amount must be at least 10.00.");
    expect(button("trade-up").disabled).toBe(true);
    type("6000");
    expect(shown("ticket-error")).toBe("The amount can be at most 5,000.00.");
    type("12.345");
    expect(shown("ticket-error")).toBe("Enter an amount in U, with at most two decimals.");
    // 100 + 1.00 fee is over 99.00
    type("100");
    expect(shown("ticket-error")).toBe("Amount plus fee is 101.00, more than your balance 99.00.");
    // the limits are inclusive: exactly 10 passes
    type("10");
    expect(shown("ticket-error")).toBe("");
    act(() => button("trade-down").click());
    expect(trades).toEqual([["down", undefined]]);
  });

  it("puts the payout and the net profit (payout minus fee) on Up and Down", () => {
    renderBar({ balance: "1000.00" });
    type("250");
    expect(shown("net-up")).toBe("+197.50");
    expect(shown("net-down")).toBe("+197.50");
    expect(button("trade-up").textContent).toContain("80%");
  });

  it("steps the amount within the limits, and max is the most the balance covers with its fee", () => {
    renderBar({ balance: "1000.00" });
    press("More");
    expect(amount()).toBe("150");
    press("Less");
    press("Less");
    expect(amount()).toBe("90");
    type("10");
    press("Less");
    expect(amount()).toBe("10");
    press("Max");
    // 990.09 + 1 % fee (9.90) = 999.99 ≤ 1000.00
    expect(amount()).toBe("990.09");
    expect(shown("ticket-error")).toBe("");
  });

  it("shows the server's refusal, and a moved price as a one-tap retry at the new price", () => {
    renderBar({ balance: "5000.00", refusal: "Holding maximum total amount is 1000" });
    expect(shown("ticket-error")).toBe("Holding maximum total amount is 1000");
    renderBar({ balance: "5000.00", requote: { direction: "up", price: "101.25" } });
    expect(shown("requote")).toBe("Price moved — place at 101.25");
    act(() => button("requote").click());
    expect(trades).toEqual([["up", "101.25"]]);
  });

  it("writes amounts in the language's grouping", () => {
    renderBar({ balance: "20000.00" }, "de");
    type("5000");
    expect(shown("net-up")).toBe("+3.950,00");
  });
});

describe("layers", () => {
  it("draws toasts above every other layer, the sheet's backdrop included", () => {
    const css = readFileSync("src/app/app.css", "utf8");
    const zIndex = (selector: string) => {
      const block = css.match(new RegExp(`(^|\\n)${selector.replace(".", "\\.")} \\{([^}]*)\\}`))?.[2] ?? "";
      return Number(block.match(/z-index:\s*(\d+)/)?.[1]);
    };
    const toasts = zIndex(".toasts");
    expect(toasts).toBeGreaterThan(zIndex(".sheet-backdrop"));
    const all = [...css.matchAll(/z-index:\s*(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...all)).toBe(toasts);
  });
});
