import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, baseUrl, translation } from "./helpers";

/**
 * The trade screen on the narrowest phone we support (320×568), in the languages whose words run longest beside
 * the product: the product's code is shown whole (not "EUR/U…"), the Real / Practice switch stays on screen with
 * its colour and label, and Up and Down are within the screen without scrolling — in both accounts.
 */
const LANGUAGES = ["fr", "vi", "de", "th"] as const;
const ACCOUNTS = ["real", "practice"] as const;
const SCREEN = { width: 320, height: 568 };

/** EUR/USD, and the longest code of all, DOGE/USDT: each must show whole */
const PRODUCTS = { EURUSD: "EUR/USD", DOGEUSDT: "DOGE/USDT" } as const;
const pids = new Map<string, number>();
beforeAll(async () => {
  const answer = (await (await fetch(`${baseUrl()}/api/index/ajaxdata`)).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  for (const product of answer.data) pids.set(product.code, product.id);
});

/** Where an element lies on the screen, and whether its text is cut (an ellipsis shows as scrollWidth > clientWidth). */
function measure(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return {
        text: el.innerText,
        cut: el.scrollWidth > el.clientWidth,
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        background: style.backgroundColor,
        hidden: style.visibility !== "visible" || Number(style.opacity) === 0,
      };
    });
}

describe("the trade screen at 320×568", () => {
  it.for(LANGUAGES.flatMap((language) => ACCOUNTS.map((account) => [language, account] as const)))(
    "%s, %s: the product's code whole, the switch and Up / Down on screen",
    async ([language, account], { openPhone, demo }) => {
      const page = await openPhone({ signedIn: demo, viewport: SCREEN });
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      for (const [code, name] of Object.entries(PRODUCTS)) {
        await page.goto(appUrl(`/pages/trade/trade?pid=${pids.get(code)}`));
        await page.reload();
        await expectFits(page, language, account, name);
      }
    },
  );
});

async function expectFits(page: Page, language: string, account: string, productName: string) {
  const option = page.getByTestId("account-switch").getByTestId(`account-${account}`);
  await option.waitFor({ timeout: 20_000 });
  if ((await option.getAttribute("aria-checked")) !== "true") await option.click();
  await expect.poll(() => option.getAttribute("aria-checked")).toBe("true");
  await page
    .getByTestId("trade-balance")
    .and(page.locator(`[data-account=${account}]`))
    .waitFor();

  // the product: its code in full ("EUR/USD", not "EUR/U…"), nothing cut off
  await expect.poll(async () => (await measure(page, "[data-testid=asset-switch]")).text).toContain(productName);
  const name = await measure(page, "[data-testid=asset-switch]");
  expect(name.cut, `${language}: the product's name is cut: ${name.text}`).toBe(false);
  expect(name.right).toBeLessThanOrEqual(SCREEN.width);

  // the switch: on screen, its chosen side coloured and labelled, the full word its name for a screen reader
  const chosen = await measure(page, `[data-testid=account-switch] [data-testid=account-${account}]`);
  expect(chosen.hidden).toBe(false);
  expect(chosen.text.trim()).not.toBe("");
  expect(chosen.cut).toBe(false);
  expect(chosen.background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  expect(chosen.left).toBeGreaterThanOrEqual(0);
  expect(chosen.right).toBeLessThanOrEqual(SCREEN.width);
  expect(chosen.top).toBeGreaterThanOrEqual(0);
  const word = translation(language, account === "real" ? "Real" : "Practice");
  await expect.poll(() => page.getByRole("radio", { name: word, exact: true }).count()).toBe(1);

  // Up and Down: whole, within the screen, the page not scrolled to reach them
  for (const side of ["trade-up", "trade-down"]) {
    const button = await measure(page, `[data-testid=${side}]`);
    expect(button.bottom, `${language}: ${side} below the screen`).toBeLessThanOrEqual(SCREEN.height);
    expect(button.right).toBeLessThanOrEqual(SCREEN.width);
    expect(button.left).toBeGreaterThanOrEqual(0);
  }
  const header = await measure(page, ".tr-head");
  expect(header.top, `${language}: the screen scrolled`).toBeGreaterThanOrEqual(0);
}
