import { beforeEach, describe, expect, it } from "vitest";

import { TRADE_PREVIEW_DETAIL } from "#contract/static-preview";

import { renderStaticShell } from "../../src/app/StaticShell";
import { fillTradePreview } from "../../src/early-start-preview";

const product = (data: Record<string, unknown>, code = 1) => ({
  code,
  data: { name: "Gold XAU/USD", price: "2318.45", status: "open", ...data },
});
const head = () => document.querySelector(".static-trade .tr-head")!;

describe("the trade screen's preview in the pre-rendered shell, filled in by the early-start script", () => {
  beforeEach(async () => {
    document.body.innerHTML = `<div id="root">${await renderStaticShell()}</div>`;
  });

  it("is the live head drawn with the stand-in product, which the product read replaces: name, price, the star's label", () => {
    expect(head().querySelector("[data-testid=trade-price]")?.textContent).toBe(TRADE_PREVIEW_DETAIL.price);
    expect(fillTradePreview(document, product({}))).toBe(true);
    expect(head().querySelector("[data-testid=asset-switch]")?.firstChild?.nodeValue).toBe("Gold XAU/USD");
    expect(head().querySelector("[data-testid=trade-price]")?.textContent).toBe("2318.45");
    expect(head().querySelector(".star")?.getAttribute("aria-label")).toBe("Favourite: Gold XAU/USD");
    const recent = document.querySelector(".static-trade .tr-recent")!;
    expect(recent.querySelector(".tr-recent-name")?.textContent).toBe("Gold XAU/USD");
    expect(recent.querySelector(".tr-recent-remove")?.getAttribute("aria-label")).toBe("Remove Gold XAU/USD from recent assets");
    expect(head().querySelector(".status")?.textContent).toBe("Open");
    // the balance is the app's to read: a dash until then, as the head shows it without one
    expect(head().querySelector("[data-testid=trade-balance]")?.textContent).toBe("—");
    // and which balance orders stake: neither shown chosen
    expect([...head().querySelectorAll("[role=radio]")].map((option) => option.getAttribute("aria-checked"))).toEqual(["false", "false"]);
  });

  it("is left alone for a market that is not open, a failed read, a price that is not a string, or once the app has taken over", () => {
    const before = document.body.innerHTML;
    expect(fillTradePreview(document, product({ status: "closed" }))).toBe(false);
    expect(fillTradePreview(document, product({ status: "not_trading_time" }))).toBe(false);
    expect(fillTradePreview(document, product({}, 0))).toBe(false);
    expect(fillTradePreview(document, product({ price: 2318.45 }))).toBe(false);
    expect(document.body.innerHTML).toBe(before);
    document.body.innerHTML = '<div id="root"><main class="page-trade-screen"></main></div>';
    expect(fillTradePreview(document, product({}))).toBe(false);
  });
});
