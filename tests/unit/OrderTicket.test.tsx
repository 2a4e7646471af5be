import { readFileSync } from "node:fs";

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { OrderTicket } from "@/features/trade/OrderTicket";
import type { Goods, Order } from "#contract/markets";

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
    status: "open",
    time: 0,
    simulated: true,
  },
  options: [{ seconds: 30, payoutRate: "0.8", minAmount: "10.00", maxAmount: "5000.00" }],
  limits: { singleMin: "10.00", singleMax: "5000.00", totalMax: "20000.00" },
  feeRate: "0.01",
  balance: "99.00",
  simulated: true,
};

let host: HTMLDivElement;
let root: Root;
let placed: Order[];

function renderTicket(balance: string | null) {
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <OrderTicket
          goods={goods}
          balance={balance}
          direction="up"
          status="open"
          stale={false}
          online
          onClose={() => {}}
          onPlaced={(order) => placed.push(order)}
        />
      </I18nProvider>,
    ),
  );
}

function type(text: string) {
  const input = host.querySelector<HTMLInputElement>("#ticket-amount")!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const shown = (testId: string) => host.querySelector(`[data-testid=${testId}]`)?.textContent ?? "";
const confirm = () => host.querySelector<HTMLButtonElement>("button[type=submit]")!;

beforeEach(() => {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  placed = [];
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe("the order ticket", () => {
  it("states the rule an amount breaks as the user types, with inclusive limits in words, and keeps Confirm pressable", () => {
    renderTicket("99.00");
    expect(host.querySelector("#ticket-range")?.textContent).toBe("From 10 to 5,000, both included · balance 99.00");
    type("5");
    expect(shown("ticket-error")).toBe("The amount must be at least 10.");
    type("0");
    expect(shown("ticket-error")).toBe("The amount must be at least 10.");
    type("6000");
    expect(shown("ticket-error")).toBe("The amount can be at most 5,000.");
    type("12.345");
    expect(shown("ticket-error")).toBe("Enter an amount in U, with at most two decimals.");
    // 100 + 1.00 fee is over 99.00
    type("100");
    expect(shown("ticket-error")).toBe("Amount plus fee is 101.00, more than your balance 99.00.");
    // the limits are inclusive: exactly 10 passes
    type("10");
    expect(shown("ticket-error")).toBe("");
    expect(confirm().disabled).toBe(false);
  });

  it("does not send an amount that breaks a rule", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderTicket("99.00");
    type("5");
    await act(async () => confirm().click());
    expect(fetch).not.toHaveBeenCalled();
    expect(shown("ticket-error")).toBe("The amount must be at least 10.");
  });

  it("shows net expected profit (payout minus fee) next to the gross", () => {
    renderTicket("1000.00");
    type("250");
    expect(shown("ticket-fee")).toBe("2.50");
    expect(shown("ticket-profit")).toBe("+200.00");
    expect(shown("ticket-net")).toBe("+197.50");
    expect(shown("ticket-balance")).toBe("1000.00");
  });

  it("shows the balance it is given, so a refreshed balance reaches an open ticket", () => {
    renderTicket("1000.00");
    type("500");
    expect(shown("ticket-error")).toBe("");
    renderTicket("400.00");
    expect(shown("ticket-balance")).toBe("400.00");
    expect(shown("ticket-error")).toBe("Amount plus fee is 505.00, more than your balance 400.00.");
  });

  it("shows the server's refusal inside the sheet, next to the amount", async () => {
    const refusal = { code: 0, msg: "Holding maximum total amount is 1000", err: "holding_total_max", data: null };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(refusal), { headers: { "content-type": "application/json" } })),
    );
    renderTicket("5000.00");
    type("100");
    await act(async () => confirm().click());
    await act(async () => {
      await vi.waitFor(() => expect(shown("ticket-error")).toBe("Holding maximum total amount is 1000"));
    });
    expect(host.querySelector("#ticket-amount")?.getAttribute("aria-invalid")).toBe("true");
    expect(placed).toEqual([]);
    // typing again clears the old refusal
    type("101");
    expect(shown("ticket-error")).toBe("");
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
