// The PWA in Chromium, for `npm run bench`: how fast Home is usable when the service worker already holds the
// app, and whether the trade screen's memory stays flat while quotes stream. Figures, not verdicts.
import type { Browser, Page } from "playwright-core";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Signed in as the demo customer through the login page, as a customer would. */
export async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/h5/#/pages/login/login`);
  await page.getByLabel("Account", { exact: true }).fill("demo");
  await page.getByLabel("Password", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/user\/user/);
}

/**
 * Home from a warm service worker: reload, wait for the quote rows, then for the first frame after them — ms
 * since the navigation started (the page is drawn and answers input).
 */
export async function homeWarmStart(browser: Browser, baseUrl: string, runs = 5): Promise<{ interactive: number; fromWorker: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/h5/#/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  const interactive: number[] = [];
  const fromWorker: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.reload();
    await page.locator(".quote-row").first().waitFor();
    const timing = await page.evaluate(
      () =>
        new Promise<{ ready: number; worker: boolean }>((resolve) =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
              resolve({ ready: performance.now(), worker: navigation.workerStart > 0 });
            }),
          ),
        ),
    );
    interactive.push(timing.ready);
    fromWorker.push(timing.worker ? 1 : 0);
  }
  await context.close();
  return { interactive: median(interactive), fromWorker: fromWorker.reduce((a, b) => a + b, 0) / runs };
}

async function heapMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send("HeapProfiler.collectGarbage");
  await session.send("Performance.enable");
  const { metrics } = (await session.send("Performance.getMetrics")) as { metrics: Array<{ name: string; value: number }> };
  await session.detach();
  return metrics.find((metric) => metric.name === "JSHeapUsedSize")!.value / 1024 / 1024;
}

/** The trade screen streaming quotes for `minutes`: page heap after garbage collection, sampled each minute. */
export async function streamingMemory(
  browser: Browser,
  baseUrl: string,
  pid: number,
  minutes: number,
): Promise<{ start: number; end: number; max: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logIn(page, baseUrl);
  await page.goto(`${baseUrl}/h5/#/pages/trade/trade?pid=${pid}`);
  await page.getByTestId("kline").waitFor();
  // settle first: the chart and the first quotes allocate what they keep
  await page.waitForTimeout(20_000);
  const start = await heapMb(page);
  let max = start;
  let end = start;
  for (let minute = 1; minute <= minutes; minute++) {
    await page.waitForTimeout(60_000);
    end = await heapMb(page);
    max = Math.max(max, end);
    console.log(`  trade screen heap after ${minute} min: ${end.toFixed(1)} MB`);
  }
  await context.close();
  return { start, end, max };
}
