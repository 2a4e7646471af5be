// The trade screen's chart in Chromium, for `npm run bench` and on its own (`npx tsx tests/bench/chart-bench.ts`,
// after `npx vite build`): the first draw of 5 000 candles and the time from a tick to the chart's pixels.
// Figures, not verdicts.
import type { Browser } from "playwright-core";

export interface ChartTimings {
  candles: number;
  /** ms from the chart component's first render to echarts' first finished frame */
  firstRender: number;
  /** ms from a tick's arrival to its pixels being drawn, sorted */
  ticks: number[];
}

export async function chartTimings(browser: Browser, baseUrl: string, pid: number, candles = 5000): Promise<ChartTimings> {
  const page = await browser.newPage({ viewport: { width: 400, height: 860 } });
  await page.goto(`${baseUrl}/h5/#/pages/login/login`);
  await page.getByLabel("Account", { exact: true }).fill("demo");
  await page.getByLabel("Password", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/user\/user/);
  await page.goto(`${baseUrl}/h5/#/pages/trade/trade?pid=${pid}&period=1m&candles=${candles}`);
  await page.waitForFunction(() => performance.getEntriesByName("kline-first-render").length > 0, undefined, { timeout: 30_000 });
  const drawn = Number(await page.getByTestId("kline").getAttribute("data-candles"));
  const firstRender = await page.evaluate(() => performance.getEntriesByName("kline-first-render")[0]!.duration);
  await page.waitForFunction(() => performance.getEntriesByName("kline-tick").length >= 8, undefined, { timeout: 30_000 });
  const ticks = await page.evaluate(() => performance.getEntriesByName("kline-tick").map((entry) => entry.duration));
  await page.close();
  return { candles: drawn, firstRender, ticks: ticks.sort((a, b) => a - b) };
}

/** Run alone: a server process with 4 days of minute candles, the chart measured `runs` times. */
async function main() {
  const { launchBrowser } = await import("../../scripts/browser.mjs");
  const { startServerProcess } = await import("../e2e/server-process");
  const server = await startServerProcess({ BACKFILL_MINUTE_DAYS: "4", RATE_LIMIT_SCALE: "10000" });
  const browser = await launchBrowser();
  try {
    const products = ((await (await fetch(`${server.baseUrl}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> })
      .data;
    const runs = Number(process.env.CHART_RUNS ?? 3);
    for (let run = 1; run <= runs; run++) {
      const timings = await chartTimings(browser, server.baseUrl, products[0]!.id);
      const median = timings.ticks[Math.floor(timings.ticks.length / 2)]!;
      console.log(
        `run ${run}: first render of ${timings.candles} candles ${timings.firstRender.toFixed(1)} ms (target ≤ 100); ` +
          `tick → chart median ${median.toFixed(1)} / max ${timings.ticks.at(-1)!.toFixed(1)} ms (target ≤ 50)`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith("chart-bench.ts")) await main();
