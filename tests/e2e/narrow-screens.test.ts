import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl, baseUrl, THIRTY_SECOND_RESULT_MS, translation } from "./helpers";

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
/**
 * Metals and oil opened before DOGE/USDT: their names are too long for a recent-assets tab, so some tabs show the
 * pair with the whole name hidden for a screen reader, and the row runs past the screen's right edge.
 */
const OPENED_BEFORE = ["XAGUSD", "XPTUSD", "XPDUSD", "BZ"] as const;
/** the languages a walk through all ten found scrolling sideways on DOGE/USDT's trade screen */
const SIDEWAYS_LANGUAGES = ["zh", "kor", "vi", "es"] as const;
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

describe("nothing scrolls sideways at 320×568", () => {
  it(
    "zh, kor, vi, es: the trade screen, sampled every 100 ms from opening it through a 30 s order's result",
    async ({ openPhone, customer }) => {
      await Promise.all(
        SIDEWAYS_LANGUAGES.map(async (language) => {
          const page = await openPhone({ signedIn: customer, viewport: SCREEN });
          await page.evaluate((code) => localStorage.setItem("language", code), language);
          await page.reload();
          await page.evaluate(sampleSidewaysScroll);

          // other assets first, as a customer browsing would: they become the tabs along the top
          for (const code of OPENED_BEFORE) await openTradeScreen(page, pids.get(code)!);
          await openTradeScreen(page, pids.get("DOGEUSDT")!);
          await expectFits(page, language, "practice", PRODUCTS.DOGEUSDT);

          const orderId = await placeThirtySecondOrder(page, language);
          await page.locator(`[data-testid=order-result][data-order="${orderId}"]`).waitFor({ timeout: THIRTY_SECOND_RESULT_MS });
          // past the result's entrance animation
          await page.waitForTimeout(1000);

          const sampled = await page.evaluate(() => (window as unknown as SampledWindow).sideways);
          expect(sampled.samples, `${language}: the sampler ran`).toBeGreaterThan(100);
          expect(
            sampled.widest,
            `${language}: scrolled sideways; reaching past the screen: ${sampled.culprits.join("; ")}`,
          ).toBeLessThanOrEqual(SCREEN.width);
        }),
      );
    },
    120_000 + THIRTY_SECOND_RESULT_MS,
  );
});

/** Opens a product's trade screen inside the app (a route change, not a page load: the sampler keeps running). */
async function openTradeScreen(page: Page, pid: number) {
  await page.evaluate((hash) => (location.hash = hash), `#/pages/trade/trade?pid=${pid}`);
  await page.locator(`.tr-recent-tab[aria-current="true"][data-pid="${pid}"]`).waitFor({ timeout: 20_000 });
  await page.getByTestId("trade-up").waitFor();
}

/** Places a 30 s order on the ticket as it stands (through the confirm sheet when it opens); its id. */
async function placeThirtySecondOrder(page: Page, language: string): Promise<number> {
  await page.locator(".tr-expiry-options .tr-chip").first().click();
  await expect.poll(() => page.locator(".tr-expiry-options .tr-chip").first().getAttribute("aria-pressed")).toBe("true");
  const placed = page.waitForResponse(
    (response) => response.url().includes(apiPaths.placeOrder.path) && response.request().method() === "POST",
  );
  await page.getByTestId("trade-up").click();
  const sheet = page.getByTestId("order-confirm");
  await Promise.race([placed, sheet.waitFor()]);
  if (await sheet.count()) await sheet.getByRole("button", { name: translation(language, "Confirm buy up"), exact: true }).click();
  const answer = (await (await placed).json()) as { code: number; msg: string; data: { id: number } };
  expect(answer.code, `${language}: the order was refused: ${answer.msg}`).toBe(1);
  return answer.data.id;
}

interface SampledWindow {
  sideways: { widest: number; samples: number; culprits: string[] };
}

/**
 * Runs in the page: every 100 ms (and every frame, for an animation's few frames) the document's scroll width,
 * the widest seen, and at the first sideways scroll what reaches past the screen's right edge.
 */
function sampleSidewaysScroll() {
  const state = { widest: 0, samples: 0, culprits: [] as string[] };
  (window as unknown as SampledWindow).sideways = state;
  const sample = () => {
    const width = document.scrollingElement!.scrollWidth;
    state.samples++;
    if (width > state.widest) state.widest = width;
    if (width > innerWidth && state.culprits.length === 0) {
      // what reaches past the right edge, first the element whose edge is the scroll width (the rest may be clipped)
      const beyond = [...document.querySelectorAll<HTMLElement>("body *")]
        .map((element) => ({ element, right: element.getBoundingClientRect().right }))
        .filter(({ right }) => right > innerWidth)
        .sort((a, b) => Math.abs(a.right - width) - Math.abs(b.right - width));
      state.culprits = beyond
        .slice(0, 6)
        .map(
          ({ element, right }) =>
            `${element.tagName.toLowerCase()}.${element.className} (${Math.round(right)} px) "${element.textContent?.slice(0, 24)}"`,
        );
    }
  };
  setInterval(sample, 100);
  const everyFrame = () => {
    sample();
    requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
}
