import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl, baseUrl, THIRTY_SECOND_RESULT_MS } from "./helpers";

let pid: number;
beforeAll(async () => {
  // crypto trades around the clock, so the test does not depend on the day
  const answer = (await (await fetch(`${baseUrl()}/api/index/ajaxdata?market=crypto`)).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  pid = answer.data.find((p) => p.code === "BTCUSDT")!.id;
});

async function openTrade(page: Page): Promise<void> {
  await page.goto(appUrl(`/pages/trade/trade?pid=${pid}`));
  await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
}

interface Mark {
  name?: string;
  yAxis?: number;
  xAxis?: number;
  label?: { formatter?: string };
}

/** The lines the chart drew on its line layer, which KlineChart keeps on its box. */
function chartMarks(page: Page): Promise<Mark[]> {
  return page.evaluate(() => (document.querySelector("[data-testid=kline]") as HTMLElement & { marks?: Mark[] }).marks ?? []);
}

const placed = (page: Page) =>
  page.waitForResponse((response) => response.url().includes(apiPaths.placeOrder.path) && response.request().method() === "POST");

describe("the trade screen", () => {
  it("gives the chart most of a 390×844 phone, with the live price line, and fits 320 and 450 px wide", async ({ demoPage: page }) => {
    await openTrade(page);

    const chart = (await page.getByTestId("kline").boundingBox())!;
    expect(chart.height / 844).toBeGreaterThanOrEqual(0.55);
    // header: product, price, status, balance in the language's grouping
    expect(await page.locator(".tr-name").textContent()).toContain("BTC/USDT");
    await expect.poll(() => page.getByTestId("trade-balance").textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    const price = Number(await page.getByTestId("trade-price").textContent());
    await expect.poll(async () => (await chartMarks(page)).find((m) => m.name === "price")?.yAxis).toBeGreaterThan(0);
    const line = (await chartMarks(page)).find((m) => m.name === "price")!;
    expect(Math.abs(line.yAxis! - price) / price).toBeLessThan(0.01);
    expect(line.label?.formatter).toMatch(/^\d+\.\d{2}$/);

    // the chosen settlement time previewed as a line where an order placed now would expire: 30 s is half a
    // one-minute candle, 1 min a whole one further right
    const preview = async () => (await chartMarks(page)).find((m) => m.name === "preview-expiry");
    await expect.poll(async () => (await preview())?.label?.formatter).toBe("30 sec");
    const at30 = (await preview())!.xAxis!;
    await page.locator(".tr-bar").getByRole("button", { name: "1 min", exact: true }).click();
    await expect.poll(async () => (await preview())?.label?.formatter).toBe("1 min");
    // a second may pass between the two reads: 1/60 of a place each
    expect(Math.abs((await preview())!.xAxis! - at30 - 0.5)).toBeLessThan(0.05);
    await page.locator(".tr-bar").getByRole("button", { name: "30 sec", exact: true }).click();

    // candles ⇄ line, and the period marked
    expect(await page.locator(".tr-periods [aria-current]").textContent()).toBe("1m");
    await page.getByTestId("chart-type").click();
    await expect.poll(() => page.getByTestId("kline").getAttribute("data-chart-type")).toBe("line");
    await page.getByTestId("chart-type").click();

    for (const width of [320, 450]) {
      await page.setViewportSize({ width, height: 740 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const down = (await page.getByTestId("trade-down").boundingBox())!;
      expect(down.x + down.width).toBeLessThanOrEqual(width);
      expect(down.y + down.height).toBeLessThanOrEqual(740);
      // the market status is read whole (under the name when the line is short), never cut to "O…"
      const status = await page.locator(".tr-name .status").evaluate((badge) => ({
        right: badge.getBoundingClientRect().right,
        lineEnd: badge.parentElement!.getBoundingClientRect().right,
        full: badge.scrollWidth,
        shown: badge.clientWidth,
      }));
      expect(status.right).toBeLessThanOrEqual(status.lineEnd + 0.5);
      expect(status.full).toBeLessThanOrEqual(status.shown);
    }

    // the candle's figures over the chart take at most two lines at 320 px, in German's longer words too
    await page.setViewportSize({ width: 320, height: 740 });
    await page.evaluate(() => localStorage.setItem("language", "de"));
    await page.reload();
    const readout = page.getByTestId("kline-readout");
    await expect.poll(() => readout.textContent()).toContain("Hoch");
    const lines = await readout.evaluate(
      (element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines).toBeLessThanOrEqual(2.2);
    await page.evaluate(() => localStorage.setItem("language", "en"));
  });

  it("at 320 px in Thai shows all six period chips, the chosen one marked, with no fade", async ({ demoPage: page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.evaluate(() => localStorage.setItem("language", "th"));
    try {
      await page.goto(appUrl(`/pages/trade/trade?pid=${pid}&period=1d`));
      await page.reload();
      const row = page.locator(".tr-periods");
      // the router marks the link of the page shown (aria-current="page")
      const chosen = row.locator("[aria-current]");
      await chosen.waitFor({ timeout: 20_000 });
      // the chips have their short forms and a row of their own: nothing is out of sight, so nothing fades
      await expect.poll(() => row.getAttribute("data-more")).toBeNull();
      const [rowBox, chipBox] = [(await row.boundingBox())!, (await chosen.boundingBox())!];
      expect(chipBox.x).toBeGreaterThanOrEqual(rowBox.x);
      expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
      // marked as chosen: filled, unlike the others
      const fill = (chip: typeof chosen) => chip.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await fill(chosen)).not.toBe(await fill(row.locator(".tr-chip").first()));
    } finally {
      await page.evaluate(() => localStorage.setItem("language", "en"));
    }
  });

  it(
    "confirms the first order, then trades on one tap with confirm off, draws entry and expiry lines, retries a moved price in one tap, and shows the result over the chart",
    async ({ demoPage: page }) => {
      const context = page.context();
      await openTrade(page);
      await page.getByRole("button", { name: "30 sec", exact: true }).click();
      await page.getByRole("button", { name: "10", exact: true }).click();
      // 80 % payout on 10.00, fee 0.10: the buttons say +7.90
      await expect.poll(() => page.getByTestId("net-up").textContent()).toBe("+7.90");

      // confirm each order is on for an account that never changed it: Up opens the sheet
      expect(await page.getByRole("checkbox", { name: "Confirm each order" }).isChecked()).toBe(true);
      await page.getByTestId("trade-up").click();
      const sheet = page.getByTestId("order-confirm");
      await sheet.waitFor();
      await sheet.getByRole("checkbox", { name: "Confirm each order" }).uncheck();
      const first = placed(page);
      await sheet.getByRole("button", { name: "Confirm buy up" }).click();
      const up = (await (await first).json()) as { code: number; data: { id: number } };
      expect(up.code).toBe(1);
      await sheet.waitFor({ state: "detached" });

      // now one tap places the order, no sheet
      const second = placed(page);
      await page.getByTestId("trade-down").click();
      expect(((await (await second).json()) as { code: number }).code).toBe(1);
      expect(await page.getByTestId("order-confirm").count()).toBe(0);
      // the choice is kept for this user
      await page.reload();
      await page.locator("[data-testid=kline] canvas").first().waitFor();
      expect(await page.getByRole("checkbox", { name: "Confirm each order" }).isChecked()).toBe(false);

      // both orders on the chart: an entry line and an expiry line with a countdown each
      await expect.poll(async () => (await chartMarks(page)).filter((m) => m.name?.startsWith("expiry-")).length).toBe(2);
      const marks = await chartMarks(page);
      expect(marks.filter((m) => m.name?.startsWith("entry-"))).toHaveLength(2);
      for (const expiry of marks.filter((m) => m.name?.startsWith("expiry-"))) expect(expiry.label?.formatter).toMatch(/^0:[0-3]\d$/);

      // requote: the price the ticket sends is far from the server's, which refuses with its own price
      await context.route(
        `**${apiPaths.placeOrder.path}*`,
        async (route) => {
          const form = new URLSearchParams(route.request().postData() ?? "");
          form.set("price", (Number(form.get("price")) * 0.9).toFixed(2));
          await route.continue({ postData: form.toString() });
        },
        { times: 1 },
      );
      const moved = placed(page);
      await page.getByTestId("trade-up").click();
      const refusal = (await (await moved).json()) as { err: string; values: { price: string } };
      expect(refusal.err).toBe("price_moved");
      const retry = page.getByTestId("requote");
      await expect.poll(() => retry.textContent()).toBe(`Price moved — place at ${refusal.values.price}`);
      const third = placed(page);
      await retry.click();
      const requoted = (await (await third).json()) as { code: number; data: { openPrice: string } };
      expect(requoted.code).toBe(1);
      await retry.waitFor({ state: "detached" });

      // the first order settles after its 30 s: its result appears over the chart
      const result = page.getByTestId("order-result").first();
      await result.waitFor({ timeout: THIRTY_SECOND_RESULT_MS });
      expect(await result.getAttribute("data-result")).toMatch(/^(win|loss|tie)$/);
      expect(await result.textContent()).toMatch(/(Win|Loss|Tie)/);
      expect(await result.getByTestId("result-change").textContent()).toMatch(/^[+−]?\d{1,3}(,\d{3})*\.\d{2}$/);
      const box = (await result.boundingBox())!;
      const chart = (await page.getByTestId("kline").boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(chart.y);
      expect(box.y + box.height).toBeLessThanOrEqual(chart.y + chart.height);
      // its entry and exit are marked on the chart in its result's colour, and stay after the result is put away
      const settledOrder = (await result.getAttribute("data-order"))!;
      const markers = () =>
        page.evaluate(
          () =>
            (document.querySelector("[data-testid=kline]") as HTMLElement & { markers?: Array<{ name: string; color: string }> }).markers ??
            [],
        );
      await expect
        .poll(async () => (await markers()).map((m) => m.name))
        .toEqual(expect.arrayContaining([`opened-${settledOrder}`, `closed-${settledOrder}`]));
      await result.click();
      await result.waitFor({ state: "detached" });
      expect((await markers()).filter((m) => m.name.endsWith(`-${settledOrder}`))).toHaveLength(2);
    },
    60_000 + THIRTY_SECOND_RESULT_MS,
  );
});
