import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";

import { it } from "./fixture";
import { appUrl, baseUrl } from "./helpers";

let products: Array<{ id: number; code: string; name: string }>;
beforeAll(async () => {
  products = ((await (await fetch(`${baseUrl()}/api/index/ajaxdata`)).json()) as { data: typeof products }).data;
});
const pidOf = (code: string) => products.find((p) => p.code === code)!.id;

async function openTrade(page: Page, pid: number): Promise<void> {
  await page.goto(appUrl(`/pages/trade/trade?pid=${pid}`));
  await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
}

/** The period chips and their row, as laid out: every chip must sit inside the row, none scrolled out of sight. */
async function periodChipsFit(page: Page): Promise<{ fits: boolean; row: number; scroll: number; chips: number }> {
  return page.locator(".tr-periods").evaluate((row) => {
    const box = row.getBoundingClientRect();
    const chips = [...row.querySelectorAll(".tr-chip")].map((chip) => chip.getBoundingClientRect());
    return {
      fits: chips.every((chip) => chip.left >= box.left - 0.5 && chip.right <= box.right + 0.5),
      row: row.clientWidth,
      scroll: row.scrollWidth,
      chips: chips.length,
    };
  });
}

describe("the trade screen's tools", () => {
  it("switches asset by search, keeps a recent tab, adds RSI, draws a line that is still there after a reload", async ({
    customerPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const start = pidOf("EURUSD");
    const target = pidOf("NVDA");
    await openTrade(page, start);

    // the switcher: found by code, favourites aside; each row carries its payout and its market's state
    await page.getByTestId("asset-switch").click();
    const sheet = page.getByRole("dialog", { name: "Assets" });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId("asset-row").count()).toBe(products.length);
    expect(await sheet.getByTestId("asset-payout").first().textContent()).toBe("up to 90%");
    await sheet.getByTestId("asset-search").fill("nvd");
    await expect.poll(() => sheet.getByTestId("asset-row").count()).toBe(1);
    await sheet.getByTestId("asset-row").click();
    await page.waitForURL(new RegExp(`pid=${target}`));
    await expect.poll(() => page.locator(".tr-name").textContent()).toContain("NVIDIA");
    expect(await sheet.count()).toBe(0);

    // both assets are tabs now, the one on screen first; a tap on the other switches back
    const tabs = page.getByTestId("recent-assets").locator(".tr-recent-tab");
    await expect
      .poll(() => tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute("data-pid"))))
      .toEqual([String(target), String(start)]);
    expect(await tabs.first().getAttribute("aria-current")).toBe("true");

    // RSI in its pane
    await page.getByRole("button", { name: "RSI", exact: true }).click();
    await expect.poll(() => page.getByTestId("kline").getAttribute("data-panes")).toBe("rsi");

    // a horizontal line where the plot is tapped
    await page.getByTestId("draw-hline").click();
    const chart = (await page.getByTestId("kline").boundingBox())!;
    await page.mouse.click(chart.x + chart.width / 2, chart.y + chart.height / 3);
    const drawings = page.getByTestId("chart-drawings");
    await expect.poll(() => drawings.getAttribute("data-count")).toBe("1");
    expect(await page.getByTestId("draw-hline").getAttribute("aria-pressed")).toBe("false");

    await page.reload();
    await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
    await expect.poll(() => drawings.getAttribute("data-count"), { timeout: 20_000 }).toBe("1");
    await expect.poll(() => page.locator("[data-testid=chart-drawing][data-kind=hline]").count()).toBe(1);
    expect(await page.getByTestId("kline").getAttribute("data-panes")).toBe("rsi");
    // the tabs stayed on the device too
    expect(await tabs.count()).toBe(2);

    // selected, then deleted
    const line = page.locator("[data-testid=chart-drawing] .tr-drawing-hit");
    const lineBox = (await line.boundingBox())!;
    await page.mouse.click(lineBox.x + lineBox.width / 3, lineBox.y + lineBox.height / 2);
    await page.getByTestId("drawing-delete").click();
    await expect.poll(() => drawings.getAttribute("data-count")).toBe("0");

    // × takes a tab off
    await tabs.last().getByRole("button").click();
    expect(await tabs.count()).toBe(1);
  });

  it("at 320×568 the period chips and the expiry switch fit in German, Thai and Vietnamese, and the switcher fits the screen", async ({
    customerPage: page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    try {
      for (const language of ["de", "th", "vi"]) {
        await page.evaluate((code) => localStorage.setItem("language", code), language);
        await openTrade(page, pidOf("BTCUSDT"));
        await page.reload();
        await page.locator(".tr-periods .tr-chip").first().waitFor({ timeout: 20_000 });
        const chips = await periodChipsFit(page);
        expect(chips, language).toMatchObject({ fits: true, chips: 6 });
        expect(chips.scroll, language).toBeLessThanOrEqual(chips.row);
        // the ticket's Duration / Time switch fits, and the clock times scroll inside their row, the chosen one in full
        await page.getByTestId("expiry-time-mode").click();
        await page.locator(".tr-time-chip").first().waitFor();
        const ticket = await page.evaluate(() => {
          const row = document.querySelector(".tr-expiry-options")!.getBoundingClientRect();
          const chosen = document.querySelector(".tr-time-chip[aria-pressed=true]")!.getBoundingClientRect();
          return {
            page: document.documentElement.scrollWidth,
            modes: Math.max(...[...document.querySelectorAll(".tr-mode")].map((mode) => mode.getBoundingClientRect().right)),
            chosenInRow: chosen.left >= row.left - 0.5 && chosen.right <= row.right + 0.5,
          };
        });
        expect(ticket, language).toMatchObject({ chosenInRow: true });
        expect(ticket.page, language).toBeLessThanOrEqual(320);
        expect(ticket.modes, language).toBeLessThanOrEqual(320);
      }
      await page.getByTestId("asset-switch").click();
      const rows = page.getByTestId("asset-row");
      await expect.poll(() => rows.count()).toBe(products.length);
      const widest = await rows.evaluateAll((all) => Math.max(...all.map((row) => row.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(320);
    } finally {
      await page.evaluate(() => localStorage.setItem("language", "en"));
    }
  });
});
