import type { CDPSession, Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";

import { apiPaths } from "#contract/paths";

import { it } from "./fixture";
import { appUrl, baseUrl, paintedPixels } from "./helpers";

// The trade screen's chart: wheel and pinch zoom, drag to pan, older history paged in from the server as the
// view nears the oldest candle held, and the crosshair with the candle's figures on hover and on a long press.
let pid: number;
beforeAll(async () => {
  // crypto trades around the clock: one-minute candles without gaps
  const answer = (await (await fetch(`${baseUrl()}/api/index/ajaxdata?market=crypto`)).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  pid = answer.data.find((p) => p.code === "BTCUSDT")!.id;
});

interface ChartState {
  candles: number;
  from: number;
  to: number;
  count: number;
}

async function state(page: Page): Promise<ChartState> {
  const data = await page.getByTestId("kline").evaluate((element) => ({ ...(element as HTMLElement).dataset }));
  return { candles: Number(data.candles), from: Number(data.viewFrom), to: Number(data.viewTo), count: Number(data.viewCount) };
}

async function openTrade(page: Page): Promise<void> {
  await page.goto(appUrl(`/pages/trade/trade?pid=${pid}`));
  await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
  await expect.poll(async () => (await state(page)).count).toBeGreaterThan(0);
}

/** The price axis range the chart drew and the lows and highs of the candles it drew. */
function axisAndCandles(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector("[data-testid=kline]") as HTMLElement & {
      drawn: { min: number; max: number; candles: Array<[number, number, number, number, number]> };
    };
    const { min, max, candles } = box.drawn;
    return { min, max, low: Math.min(...candles.map((c) => c[3])), high: Math.max(...candles.map((c) => c[2])), count: candles.length };
  });
}

/** The middle of the plot (the price axis takes 72 px on the right). */
async function plot(page: Page) {
  const box = (await page.getByTestId("kline").boundingBox())!;
  return { left: box.x + 8, right: box.x + box.width - 72, top: box.y + 28, bottom: box.y + box.height - 24, y: box.y + box.height / 2 };
}

describe("the trade chart", () => {
  it("zooms with the wheel around the live edge, fits the price axis to what is on screen, and pages in older candles when dragged back", async ({
    demoPage: page,
  }) => {
    await openTrade(page);
    const area = await plot(page);
    const opening = await state(page);
    expect(opening.count).toBe(66);

    await page.mouse.move((area.left + area.right) / 2, area.y);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await state(page)).count).toBeLessThan(opening.count);
    const zoomed = await state(page);
    // fewer candles, the live one still at the right edge
    expect(zoomed.from).toBeGreaterThan(opening.from);
    expect(zoomed.to).toBeGreaterThanOrEqual(opening.to);
    // the price axis spans the visible candles, with a small margin, not the whole history
    const fit = await axisAndCandles(page);
    expect(fit.min).toBeLessThanOrEqual(fit.low);
    expect(fit.max).toBeGreaterThanOrEqual(fit.high);
    expect(fit.max - fit.min).toBeLessThan((fit.high - fit.low) * 1.25);
    // the candles drawn are the view's, less the empty places right of the live candle
    expect(fit.count).toBe(zoomed.count - 6);
    await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await state(page)).count).toBeGreaterThan(zoomed.count);

    // drag towards the right (back in time) until the chart asks for the candles before its oldest one
    const older = page.waitForRequest((request) => request.url().includes(apiPaths.klines.path) && request.url().includes("before="), {
      timeout: 30_000,
    });
    const answered = page.waitForResponse((response) => response.url().includes("before="), { timeout: 30_000 });
    const before = await state(page);
    for (let drag = 0; drag < 8; drag++) {
      await page.mouse.move(area.left + 20, area.y);
      await page.mouse.down();
      await page.mouse.move(area.right - 20, area.y, { steps: 8 });
      await page.mouse.up();
      if ((await state(page)).candles > before.candles) break;
    }
    const request = await older;
    const asked = new URL(request.url()).searchParams;
    expect(asked.get("pid")).toBe(String(pid));
    expect(asked.get("period")).toBe("1m");
    const bound = Number(asked.get("before"));
    const page1 = ((await (await answered).json()) as { data: Array<[number]> }).data;
    expect(page1.length).toBeGreaterThan(0);
    expect(page1.every(([time]) => time < bound)).toBe(true);
    await expect.poll(async () => (await state(page)).candles).toBe(before.candles + page1.length);
    // the view moved back in time
    expect((await state(page)).from).toBeLessThan(before.from);

    // the e2e server holds a few hours of minutes: dragging on reaches the start of history
    for (let drag = 0; drag < 30 && !(await page.getByText("Start of history").isVisible()); drag++) {
      await page.mouse.move(area.left + 20, area.y);
      await page.mouse.down();
      await page.mouse.move(area.right - 20, area.y, { steps: 4 });
      await page.mouse.up();
    }
    await page.getByText("Start of history").waitFor();
    // back to the live candle in one tap
    await page.getByTestId("kline-latest").click();
    await expect.poll(async () => (await state(page)).to).toBeGreaterThanOrEqual(opening.to);
    await page.getByTestId("kline-latest").waitFor({ state: "detached" });
  }, 90_000);

  it("draws the candles in their two colours on the lower canvas, and none in the line view", async ({ demoPage: page }) => {
    await openTrade(page);
    // pixels of exactly the rising and the falling colour (bodies are whole pixels, wicks pixel-aligned)
    const colours = () =>
      page.locator(".tr-chart-canvas").evaluate((element: HTMLCanvasElement) => {
        const pixels = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
        let rising = 0;
        let falling = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          const rgb = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
          if (rgb === "46,189,133") rising++;
          if (rgb === "246,70,93") falling++;
        }
        return { rising, falling };
      });
    await expect.poll(async () => Math.min(...Object.values(await colours()))).toBeGreaterThan(100);
    await page.getByTestId("chart-type").click();
    await expect.poll(async () => Math.max(...Object.values(await colours()))).toBe(0);
  });

  it("draws the line view and the study lines on their layer, and only the price line there for plain candles", async ({
    demoPage: page,
  }) => {
    await openTrade(page);
    // pixels painted on the line layer
    const painted = () => paintedPixels(page.getByTestId("kline-lines"));
    // the live price's line and label are on the layer from the start (its digits change with the ticks)
    await expect.poll(painted).toBeGreaterThan(300);
    const priceLine = await painted();
    expect(priceLine).toBeLessThan(5_000);
    await page.getByTestId("chart-type").click();
    // the line and the area under it: a good part of the plot
    await expect.poll(painted).toBeGreaterThan(priceLine + 10_000);
    await page.getByTestId("chart-type").click();
    await expect.poll(painted).toBeLessThan(priceLine + 500);
    const candlesOnly = await painted();
    await page.getByRole("button", { name: "MA", exact: true }).click();
    await expect.poll(painted).toBeGreaterThan(candlesOnly + 200);
    const average = await painted();
    await page.getByRole("button", { name: "BOLL", exact: true }).click();
    await expect.poll(painted).toBeGreaterThan(average + 200);
  });

  it("hovering shows the crosshair and the readout of the candle under the mouse; leaving shows the live candle again", async ({
    demoPage: page,
  }) => {
    await openTrade(page);
    const area = await plot(page);
    const readout = page.getByTestId("kline-readout");
    const live = Number(await readout.getAttribute("data-time"));

    const x = area.left + (area.right - area.left) * 0.3;
    await page.mouse.move(x, area.y);
    const crosshair = page.getByTestId("kline-crosshair");
    await crosshair.waitFor();
    const pointed = Number(await readout.getAttribute("data-time"));
    const view = await state(page);
    expect(pointed).toBeLessThan(live);
    expect(pointed).toBeGreaterThanOrEqual(view.from);
    // about 30 % of the way into the view's candles (each one minute)
    const expected = view.from + Math.round(0.3 * view.count - 0.5) * 60;
    expect(Math.abs(pointed - expected)).toBeLessThanOrEqual(60);
    expect(await readout.textContent()).toMatch(/O \d+\.\d{2}.*H \d+\.\d{2}.*L \d+\.\d{2}.*C \d+\.\d{2}/);
    // the vertical line sits on the pointed candle, the price tag beside the axis
    const line = (await page.locator(".tr-crosshair-x").boundingBox())!;
    expect(Math.abs(line.x - x)).toBeLessThan((area.right - area.left) / view.count);
    expect(await page.locator(".tr-crosshair-price").textContent()).toMatch(/^\d+\.\d{2}$/);

    await page.mouse.move(x - 80, area.y);
    await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeLessThan(pointed);
    await page.mouse.move(area.left - 100, area.top - 200);
    await crosshair.waitFor({ state: "detached" });
    await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeGreaterThanOrEqual(live);
  });

  it("by touch: a long press shows the crosshair that follows the finger, a quick drag pans, a pinch zooms", async ({
    openPhone,
    demo,
  }) => {
    const page = await openPhone({ hasTouch: true, isMobile: true, signedIn: demo });
    const context = page.context();
    await openTrade(page);
    const area = await plot(page);
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: Array<[number, number]>) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    const readout = page.getByTestId("kline-readout");
    const crosshair = page.getByTestId("kline-crosshair");
    const live = Number(await readout.getAttribute("data-time"));
    const x = area.left + (area.right - area.left) * 0.5;

    // long press: no pan, the crosshair after the hold, following the finger
    const opening = await state(page);
    await touch("touchStart", [[x, area.y]]);
    await page.waitForTimeout(150);
    expect(await crosshair.count()).toBe(0);
    await crosshair.waitFor({ timeout: 2000 });
    const pressed = Number(await readout.getAttribute("data-time"));
    expect(pressed).toBeLessThan(live);
    await slide(cdp, [x, area.y], [x - 100, area.y]);
    await expect.poll(async () => Number(await readout.getAttribute("data-time"))).toBeLessThan(pressed);
    expect((await state(page)).from).toBe(opening.from);
    await touch("touchEnd", []);
    await crosshair.waitFor({ state: "detached" });

    // a quick drag to the right: older candles come into view, no crosshair
    await touch("touchStart", [[x - 100, area.y]]);
    await slide(cdp, [x - 100, area.y], [x + 100, area.y]);
    await touch("touchEnd", []);
    await expect.poll(async () => (await state(page)).from).toBeLessThan(opening.from);
    expect(await crosshair.count()).toBe(0);

    // two fingers apart: fewer candles, bigger
    const before = await state(page);
    const left: [number, number] = [x - 30, area.y];
    const right: [number, number] = [x + 30, area.y];
    await touch("touchStart", [left, right]);
    for (let step = 1; step <= 6; step++) {
      await touch("touchMove", [
        [left[0] - step * 15, area.y],
        [right[0] + step * 15, area.y],
      ]);
    }
    await touch("touchEnd", []);
    await expect.poll(async () => (await state(page)).count).toBeLessThan(before.count);
  });

  it("on 1d draws no settlement-time preview and no future date on its time axis, at 320×568 and 390×844", async ({ demoPage: page }) => {
    // the texts the chart writes on its canvases (the time axis among them)
    await page.addInitScript(() => {
      const written: string[] = [];
      (window as unknown as { chartTexts: string[] }).chartTexts = written;
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
        written.push(text);
        return fillText.call(this, text, x, y, maxWidth);
      };
    });
    const names = () =>
      page.evaluate(() =>
        ((document.querySelector("[data-testid=kline]") as HTMLElement & { marks?: Array<{ name: string }> }).marks ?? []).map(
          (m) => m.name,
        ),
      );
    for (const [width, height] of [
      [320, 568],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(appUrl(`/pages/trade/trade?pid=${pid}&period=1d`));
      // a hash route changes no document: load it afresh so the script above runs before the chart draws
      await page.reload();
      await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await state(page)).count).toBeGreaterThan(0);
      // the lines layer redraws each second: wait for a draw with the price line, then read its marks
      await expect.poll(names).toContain("price");
      expect(await names(), `${width}px`).not.toContain("preview-expiry");
      const today = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
      });
      const dates = await page.evaluate(() =>
        (window as unknown as { chartTexts: string[] }).chartTexts.filter((text) => /^\d{4}-\d{2}-\d{2}$/.test(text)),
      );
      expect(dates.length, `${width}px`).toBeGreaterThan(0);
      for (const date of dates) expect(date <= today, `${date} on the axis, today is ${today}`).toBe(true);
      // on 1m, where an order's expiry falls, the preview is drawn: the check above could fail
      await page.goto(appUrl(`/pages/trade/trade?pid=${pid}&period=1m`));
      await page.locator("[data-testid=kline] canvas").first().waitFor({ timeout: 20_000 });
      await expect.poll(names).toContain("preview-expiry");
    }
  });
});

/** One finger moving from one point to another in small steps, as a real drag does. */
async function slide(cdp: CDPSession, [x0, y0]: [number, number], [x1, y1]: [number, number], steps = 10) {
  for (let step = 1; step <= steps; step++) {
    const x = x0 + ((x1 - x0) * step) / steps;
    const y = y0 + ((y1 - y0) * step) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y, id: 0 }] });
  }
}
