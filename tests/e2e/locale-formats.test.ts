import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";

import { formatDuration } from "#contract/time-format";

import { it } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

/**
 * The customer's screens in languages with a decimal comma write every percentage and every duration in
 * that language's form. A percentage built by hand shows a dot ("0.12%"); a duration built by hand shows the English
 * short forms ("30s", "1m", "5m"). The page texts are checked whole, the chart's period chips and the ticket's included.
 */
const LANGUAGES = ["de", "fr", "vi"] as const;

/** A dot-decimal percentage: "0.12%", "85.5 %" (any space Intl or a hand might put before the sign). */
const DOT_PERCENT = /\d\.\d+[\s\u00a0\u202f]?%/;
/** An English short duration on its own: "30s", "1m", "5m" (not "5min", "5 Min.", "30 giây"). */
const ENGLISH_DURATION = /(^|[^\p{L}\d])\d+[sm](?![\p{L}\d])/u;

/** Intl's no-break spaces differ between engines' locale data: compared as one mark. */
const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ").trim();

let pid: number;
let options: number[];
beforeAll(async () => {
  const answer = (await (await fetch(`${baseUrl()}/api/index/ajaxdata?market=crypto`)).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  pid = answer.data.find((p) => p.code === "BTCUSDT")!.id;
  const goods = (await (await fetch(`${baseUrl()}/api/index/goods?pid=${pid}`)).json()) as {
    data: { options: Array<{ seconds: number }> };
  };
  options = goods.data.options.map((option) => option.seconds);
});

async function inLanguage(page: Page, language: string): Promise<void> {
  // the interface language the app reads at start (src/i18n/language.ts); the server's stored one is left alone
  await page.evaluate((code) => localStorage.setItem("language", code), language);
  await page.reload();
}

async function textOf(page: Page, hash: string, ready: string): Promise<string> {
  await page.goto(appUrl(hash));
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
  return page.locator("#root").innerText();
}

function expectLocaleForms(text: string, where: string) {
  expect(text.match(DOT_PERCENT)?.[0] ?? null, `${where}: a dot-decimal percentage`).toBeNull();
  expect(text.match(ENGLISH_DURATION)?.[0] ?? null, `${where}: a hard-coded English duration`).toBeNull();
}

describe("numbers, percentages and durations in the customer's language", () => {
  it.for(LANGUAGES)("%s: trade screen, wallet, withdrawal and plan pages", async (language, { demoPage: page }) => {
    await inLanguage(page, language);

    const trade = await textOf(page, `/pages/trade/trade?pid=${pid}`, "[data-testid=kline] canvas");
    expectLocaleForms(trade, "trade screen");
    // the expiry chips are the language's own durations, as Intl writes them
    const chips = (await page.locator(".tr-expiry-options .tr-chip").allInnerTexts()).map(spaced);
    expect(chips).toEqual(options.map((seconds) => spaced(formatDuration(seconds, language))));
    // the chart's periods are the catalog's short forms, chosen to fit six in a row at 320 px ("1min", "1ph")
    const periods = await page.locator(".tr-periods .tr-chip").allInnerTexts();
    expect(periods).toHaveLength(6);
    // the payout on Up is a percentage in the language's form: "85 %" in de and fr, "85%" in vi
    const payout = spaced(await page.getByTestId("trade-up").locator(".tr-trade-figures").innerText());
    expect(payout).toMatch(language === "vi" ? /^\d+%/ : /^\d+ %/);

    expectLocaleForms(await textOf(page, "/pages/user/wallet", "[data-testid=wallet-total]"), "wallet");
    const rate = await page.locator(".field-hint").filter({ hasText: "1" }).first().innerText();
    expect(rate).toMatch(/\d,\d{4}/);

    const withdrawal = await textOf(page, "/pages/user/cash", "[data-testid=withdraw-rules]");
    expectLocaleForms(withdrawal, "withdrawal");
    expect(await page.getByTestId("withdraw-rules").innerText()).toMatch(language === "vi" ? /\d(,\d)?%/ : /\d(,\d)?[\u00a0\u202f ]%/);

    const plans = await textOf(page, "/pages/project/project", "[data-testid=plans] li");
    expectLocaleForms(plans, "plans");
    // a daily rate keeps two decimals, with the language's decimal comma
    expect(plans).toMatch(/\d,\d\d[\u00a0\u202f ]?%/);
    expectLocaleForms(await textOf(page, "/pages/project/details?id=1", "h1, h2"), "plan details");
    expectLocaleForms(await textOf(page, "/pages/user/finance", "main, #root > *"), "yuebao");
  });
});
